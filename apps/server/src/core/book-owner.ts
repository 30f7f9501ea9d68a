import { Role } from '@anxun/shared/constants';
import type { AuthUser } from './session.service.js';

/**
 * Whose course books a console user works on: a training manager his organisation's; the
 * platform operator the platform's shared books, which belong to no organisation (org_id
 * null) and reach an organisation's learners once its manager adds them to its catalogue.
 */
export type BookOwner = string | null;

export const bookOwnerOf = (user: Pick<AuthUser, 'role' | 'orgId'>): BookOwner =>
  user.role === Role.SUPER ? null : user.orgId;

/** The comparison that matches a book's org_id to its owner: `= id`, or `IS NULL` for the platform. */
export const ownerIs = (owner: BookOwner) => (owner === null ? 'is' : '=') as 'is' | '=';

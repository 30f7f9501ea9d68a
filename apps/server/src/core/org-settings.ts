import type { Updateable } from 'kysely';
import type { AppContext } from '../app-context.js';
import type { OrganisationsTable } from '../infra/db-schema.js';
import { recordAudit } from './audit.js';
import { updateOrganisation } from './org.repository.js';
import type { AuthUser } from './session.service.js';

/** The organisation's own settings its training manager changes in the console. */
export type OrgSettings = Pick<
  Updateable<OrganisationsTable>,
  'registration_mode' | 'reference_mode' | 'retention_years'
>;

/**
 * A training manager changes a setting of his organisation: the change and its audit record
 * (what it was, what it is) are written together, or neither is. Nothing is written when
 * nothing changes.
 */
export async function changeOrgSetting<T extends Record<string, unknown>>(
  ctx: AppContext,
  user: AuthUser,
  ip: string,
  change: { action: string; values: OrgSettings; before: T; after: T },
): Promise<void> {
  if (Object.entries(change.after).every(([key, value]) => change.before[key] === value)) return;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateOrganisation(trx, user.orgId, change.values);
    await recordAudit(trx, {
      actor: user,
      ip,
      action: change.action,
      targetType: 'organisation',
      targetId: user.orgId,
      summary: { before: change.before, after: change.after },
      now,
    });
  });
}

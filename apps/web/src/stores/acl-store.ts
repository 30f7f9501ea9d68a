import { create } from 'zustand';

/** Spec §3 permission state and §5 permission rules. */
export interface AclState {
  admin: boolean;
  roles: string[];
  abilities: string[];
}

export type Permission = string[] | { roles?: string[]; abilities?: string[]; mode?: 'oneOf' | 'allOf' | 'except' };

function matches(held: string[], wanted: string[] | undefined, mode: 'oneOf' | 'allOf' | 'except'): boolean {
  if (!wanted || wanted.length === 0) return true;
  if (mode === 'allOf') return wanted.every((w) => held.includes(w));
  if (mode === 'except') return !wanted.some((w) => held.includes(w));
  return wanted.some((w) => held.includes(w));
}

/** Admin passes all; an array means one of the roles; an object checks roles and abilities. */
export function can(acl: AclState, permission: Permission | undefined): boolean {
  if (acl.admin || permission === undefined) return true;
  if (Array.isArray(permission)) return permission.length === 0 || matches(acl.roles, permission, 'oneOf');
  const mode = permission.mode ?? 'oneOf';
  return matches(acl.roles, permission.roles, mode) && matches(acl.abilities, permission.abilities, mode);
}

/** Logged-out pages get a virtual full-access state (spec §6). */
export const FULL_ACCESS: AclState = { admin: true, roles: [], abilities: [] };

export const useAcl = create<AclState & { set(next: AclState): void }>()((set) => ({
  ...FULL_ACCESS,
  set: (next) => set(next),
}));

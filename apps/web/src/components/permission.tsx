import type { ReactNode } from 'react';
import { can, useAcl, type Permission } from '../stores/acl-store';

/** True when the user holds the permission (spec §5: admin passes; array = one of; object with mode). */
export function usePermission(permission: Permission | undefined): boolean {
  const acl = useAcl();
  return can(acl, permission);
}

/** Renders its children only for users who hold the permission (the spec's removing directive). */
export function Permission({ value, children }: { value: Permission; children: ReactNode }) {
  return usePermission(value) ? <>{children}</> : null;
}

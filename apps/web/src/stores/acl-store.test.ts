import { describe, expect, it } from 'vitest';
import { can, FULL_ACCESS } from './acl-store';

const learner = { admin: false, roles: ['learner'], abilities: ['study:read'] };

describe('permission rules (spec §5)', () => {
  it('lets the admin flag pass everything', () => {
    expect(can(FULL_ACCESS, ['auditor'])).toBe(true);
    expect(can({ admin: true, roles: [], abilities: [] }, { roles: ['x'], abilities: ['y'], mode: 'allOf' })).toBe(
      true,
    );
  });

  it('reads an array as one-of', () => {
    expect(can(learner, ['admin', 'learner'])).toBe(true);
    expect(can(learner, ['admin'])).toBe(false);
    expect(can(learner, [])).toBe(true);
    expect(can(learner, undefined)).toBe(true);
  });

  it('checks roles and abilities with a mode', () => {
    expect(can(learner, { roles: ['learner'], abilities: ['study:read'] })).toBe(true);
    expect(can(learner, { roles: ['learner'], abilities: ['exam:write'] })).toBe(false);
    expect(can(learner, { roles: ['learner', 'admin'], mode: 'allOf' })).toBe(false);
    expect(can(learner, { roles: ['admin'], mode: 'except' })).toBe(true);
    expect(can(learner, { roles: ['learner'], mode: 'except' })).toBe(false);
  });
});

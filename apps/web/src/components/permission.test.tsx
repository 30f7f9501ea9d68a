// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FULL_ACCESS, useAcl } from '../stores/acl-store';
import { Permission } from './permission';

describe('<Permission>', () => {
  afterEach(() => {
    cleanup();
    useAcl.getState().set(FULL_ACCESS);
  });

  it('removes what a learner may not see and shows what they may', () => {
    useAcl.getState().set({ admin: false, roles: ['learner'], abilities: [] });
    render(
      <>
        <Permission value={['admin']}>
          <p>admin only</p>
        </Permission>
        <Permission value={{ roles: ['learner'] }}>
          <p>for learners</p>
        </Permission>
      </>,
    );
    expect(screen.queryByText('admin only')).toBeNull();
    expect(screen.getByText('for learners')).toBeTruthy();
  });

  it('shows everything to an admin', () => {
    useAcl.getState().set({ admin: true, roles: ['admin'], abilities: [] });
    render(
      <Permission value={{ roles: ['auditor'], abilities: ['x'], mode: 'allOf' }}>
        <p>secret</p>
      </Permission>,
    );
    expect(screen.getByText('secret')).toBeTruthy();
  });
});

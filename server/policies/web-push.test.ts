import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import type { UserWithSchool } from '../lib/user-with-school.js';
import { decidePushDevice, type PushDecision } from './web-push.js';

const ME = '00000000-0000-4000-8000-00000000000a';
const SOMEONE = '00000000-0000-4000-8000-00000000000b';
const actor = (role: Role, loginAs = false) => ({ id: ME, role, realUser: loginAs ? ({ id: SOMEONE } as UserWithSchool) : null });

/** Columns: for oneself, for someone else, for oneself in login-as. */
const MATRIX: Record<Role, PushDecision[]> = {
  superadmin: ['allow', 'not-found', 'forbidden'],
  admin: ['allow', 'not-found', 'forbidden'],
  subadmin: ['allow', 'not-found', 'forbidden'],
  teacher: ['allow', 'not-found', 'forbidden'],
  student: ['allow', 'not-found', 'forbidden'],
  parent: ['forbidden', 'forbidden', 'forbidden'],
};

describe('web push policy', () => {
  it('follows the matrix', () => {
    const table = Object.fromEntries(ROLES.map((role) => [role, [
      decidePushDevice(actor(role), ME), decidePushDevice(actor(role), SOMEONE), decidePushDevice(actor(role, true), ME),
    ]]));
    expect(table).toEqual(MATRIX);
  });
});

import { describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/roles.js';
import { decideReadExport, exportsChildren, mayExport } from './data-export.js';

describe('data export policy', () => {
  it('lets the admin export the school, and a student or parent their own, and nobody else either', () => {
    expect(ROLES.map((role) => [role, mayExport({ role }, 'school'), mayExport({ role }, 'mine'), exportsChildren({ role })])).toEqual([
      ['superadmin', false, false, false],
      ['admin', true, false, false],
      ['subadmin', false, false, false],
      ['teacher', false, false, false],
      ['student', false, true, false],
      ['parent', false, true, true],
    ]);
  });

  it('shows an export to the person who asked for it only', () => {
    expect(decideReadExport({ id: 'a' }, { requestedBy: 'a' })).toBe('allow');
    expect(decideReadExport({ id: 'b' }, { requestedBy: 'a' })).toBe('not-found');
  });
});

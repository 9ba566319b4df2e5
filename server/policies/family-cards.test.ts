import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { FAMILY_CARD_MESSAGE } from '../../shared/permissions.js';
import { assertMayUseFamilyCards, mayUseFamilyCards } from './family-cards.js';

const actor = (role: Role, realRole: Role | null = null) => ({ role, realUser: realRole ? { role: realRole } : null });

describe('mayUseFamilyCards (decision 069)', () => {
  it('lets everyone acting as themselves', () => {
    for (const role of ROLES) expect(mayUseFamilyCards(actor(role)), role).toBe(true);
  });

  it('lets a parent acting as their child', () => {
    expect(mayUseFamilyCards(actor('student', 'parent'))).toBe(true);
  });

  it('refuses every login-as whose real person is staff, whoever is acted as', () => {
    for (const real of ['teacher', 'subadmin', 'admin', 'superadmin'] as const) {
      for (const acting of ['student', 'parent', 'teacher', 'subadmin', 'admin'] as const) {
        expect(mayUseFamilyCards(actor(acting, real)), `${real} as ${acting}`).toBe(false);
      }
    }
  });

  it('refuses with the one message', () => {
    expect(() => assertMayUseFamilyCards(actor('student', 'admin'))).toThrow(FAMILY_CARD_MESSAGE);
    expect(() => assertMayUseFamilyCards(actor('student', 'parent'))).not.toThrow();
  });
});

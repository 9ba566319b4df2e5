import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { decideReadSupportRequest, mayAnswerSupport, maySendSupport, supportReach } from './support.js';

const me = (role: Role) => ({ id: 'me', role });

describe('support policy', () => {
  it.each([
    // role,        send,  answer, reach
    ['superadmin', false, true, 'all'],
    ['admin', true, false, 'own'],
    ['subadmin', true, false, 'own'],
    ['teacher', false, false, 'none'],
    ['student', true, false, 'own'],
    ['parent', true, false, 'own'],
  ] as const)('%s: sends %s, answers %s, reads %s', (role, send, answer, reach) => {
    expect(maySendSupport(role)).toBe(send);
    expect(mayAnswerSupport(role)).toBe(answer);
    expect(supportReach(me(role))).toBe(reach);
  });

  it('lets a reader open only their own request, and the superadmin every one', () => {
    for (const role of ROLES) {
      const own = decideReadSupportRequest(me(role), { senderId: 'me' });
      const other = decideReadSupportRequest(me(role), { senderId: 'someone else' });
      expect(other, role).toBe(role === 'superadmin' ? 'allow' : 'not-found');
      expect(own, role).toBe(role === 'teacher' ? 'not-found' : 'allow');
    }
  });
});

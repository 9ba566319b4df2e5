import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { decideManageFile, decideShareFile, decideViewFile, libraryOwnerOf, mayMarkForTeachers, mayUpload, mayUseLibrary, shareReachOf, type FileFacts } from './library.js';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const actorOf = (role: Role, id = `${role}-1`) => ({ id, role, adminId: role === 'superadmin' ? null : role === 'admin' ? SCHOOL : SCHOOL });
const file = (over: Partial<FileFacts> = {}): FileFacts => ({ adminId: SCHOOL, ownerId: 'someone', sharedWithTeachers: false, sharedWithActor: false, ...over });

describe('library policy', () => {
  it('opens the library to every role but parents, and uploads to staff, teachers and the provider', () => {
    expect(ROLES.map((r) => [r, mayUseLibrary(actorOf(r)), mayUpload(actorOf(r)), mayMarkForTeachers(actorOf(r)), shareReachOf(actorOf(r))])).toEqual([
      ['superadmin', true, true, false, 'school'],
      ['admin', true, true, true, 'school'],
      ['subadmin', true, true, true, 'school'],
      ['teacher', true, true, false, 'own'],
      ['student', true, false, false, 'school'],
      ['parent', false, false, false, 'school'],
    ]);
    expect(libraryOwnerOf(actorOf('superadmin', 'sa'))).toBe('sa');
  });

  it('decides view, manage and share for each role on a school file of someone else', () => {
    const f = file();
    expect(ROLES.map((r) => [r, decideViewFile(actorOf(r), f), decideManageFile(actorOf(r), f), decideShareFile(actorOf(r), f)])).toEqual([
      ['superadmin', 'not-found', 'not-found', 'not-found'],
      ['admin', 'allow', 'allow', 'allow'],
      ['subadmin', 'allow', 'allow', 'allow'],
      ['teacher', 'not-found', 'not-found', 'not-found'],
      ['student', 'not-found', 'not-found', 'not-found'],
      ['parent', 'not-found', 'not-found', 'not-found'],
    ]);
  });

  it('lets a teacher manage their own uploads, and only see and share what staff marked for teachers', () => {
    const t = actorOf('teacher');
    expect([decideViewFile(t, file({ ownerId: t.id })), decideManageFile(t, file({ ownerId: t.id })), decideShareFile(t, file({ ownerId: t.id }))]).toEqual(['allow', 'allow', 'allow']);
    const marked = file({ sharedWithTeachers: true });
    expect([decideViewFile(t, marked), decideManageFile(t, marked), decideShareFile(t, marked)]).toEqual(['allow', 'forbidden', 'allow']);
  });

  it('lets a student open a file shared with them and do nothing else', () => {
    const s = actorOf('student');
    const shared = file({ sharedWithActor: true });
    expect([decideViewFile(s, shared), decideManageFile(s, shared), decideShareFile(s, shared)]).toEqual(['allow', 'forbidden', 'forbidden']);
  });

  it('never finds another school’s file, and keeps the provider library the superadmin’s', () => {
    for (const r of ROLES) expect(decideViewFile(actorOf(r), file({ adminId: OTHER, sharedWithActor: true, sharedWithTeachers: true }))).toBe('not-found');
    const sa = actorOf('superadmin', 'sa');
    expect([decideViewFile(sa, file({ adminId: 'sa' })), decideManageFile(sa, file({ adminId: 'sa' })), decideShareFile(sa, file({ adminId: 'sa' }))]).toEqual(['allow', 'allow', 'forbidden']);
  });
});

import type { Actor } from '../lib/actor.js';
import { isSchoolStaff, type Role } from '../../shared/roles.js';
import { LIBRARY_MEMBER_ROLES, LIBRARY_UPLOAD_ROLES } from '../../shared/contracts/library.js';

/**
 * Who may do what with the Library's files (issue 13). One place, pure functions, a matrix test.
 *
 * - Admin and sub-admin: every file of their school; upload, rename, move, delete, share with any
 *   student or class/group of the school, and mark a file "for teachers".
 * - Teacher: uploads; sees their own uploads and the files staff marked for teachers; renames,
 *   moves and deletes only their own; shares what they see with their own students and their own
 *   classes/groups (the relations module decides whose).
 * - Student: sees (opens, downloads) the files shared with them or with a class/group of theirs.
 * - Parent: no library (not in their menu or route table, docs/domains/learning.md "Screens and routes").
 * - Superadmin: the provider's own library, separate from every school's (its files carry the
 *   superadmin's id as admin_id); never shared with students, who belong to schools.
 * A file the actor may not see is not found (404), whatever its school; one they see but may not
 * change is forbidden (403).
 * Signed links are made for whoever may see the file, and for whoever may read something that
 * attaches it: a course's cover and lesson attachments open for the course's readers
 * (decideReadCourse, policies/courses.ts: the courses module signs them through fileRefsOf only
 * in answers about a course the actor may read).
 */
export type LibraryActor = Pick<Actor, 'id' | 'role' | 'adminId'>;
export type FileFacts = { adminId: string; ownerId: string | null; sharedWithTeachers: boolean; sharedWithActor: boolean };
export type LibraryDecision = 'allow' | 'forbidden' | 'not-found';

export const LIBRARY_ROLES: readonly Role[] = LIBRARY_MEMBER_ROLES;
export const UPLOAD_ROLES: readonly Role[] = LIBRARY_UPLOAD_ROLES;


/** Whose library the actor works in: the school's, or the provider's for the superadmin. */
export function libraryOwnerOf(actor: LibraryActor): string | null {
  if (actor.role === 'superadmin') return actor.id;
  return actor.adminId;
}

export const mayUseLibrary = (a: LibraryActor) => LIBRARY_ROLES.includes(a.role) && libraryOwnerOf(a) !== null;
export const mayUpload = (a: LibraryActor) => UPLOAD_ROLES.includes(a.role) && libraryOwnerOf(a) !== null;
/** Marking a file for the school's teachers. */
export const mayMarkForTeachers = (a: LibraryActor) => isSchoolStaff(a.role);
/** Whom a share may name: anyone of the school, or only the teacher's own students and groups. */
export const shareReachOf = (a: LibraryActor): 'school' | 'own' => (a.role === 'teacher' ? 'own' : 'school');

export function decideViewFile(a: LibraryActor, f: FileFacts): LibraryDecision {
  if (f.adminId !== libraryOwnerOf(a)) return 'not-found';
  switch (a.role) {
    case 'superadmin':
    case 'admin':
    case 'subadmin':
      return 'allow';
    case 'teacher':
      return f.ownerId === a.id || f.sharedWithTeachers ? 'allow' : 'not-found';
    case 'student':
      return f.sharedWithActor ? 'allow' : 'not-found';
    default:
      return 'not-found';
  }
}

/** Renaming, moving, deleting. */
export function decideManageFile(a: LibraryActor, f: FileFacts): LibraryDecision {
  const view = decideViewFile(a, f);
  if (view !== 'allow') return view;
  if (a.role === 'superadmin' || isSchoolStaff(a.role)) return 'allow';
  if (a.role === 'teacher' && f.ownerId === a.id) return 'allow';
  return 'forbidden';
}

export function decideShareFile(a: LibraryActor, f: FileFacts): LibraryDecision {
  const view = decideViewFile(a, f);
  if (view !== 'allow') return view;
  return isSchoolStaff(a.role) || a.role === 'teacher' ? 'allow' : 'forbidden';
}

import { z } from 'zod';
import { NAME_MAX, PAGE_SIZE } from '../constants.js';
import { requiredId, requiredString, searchField, uuid } from './common.js';
import { personRef } from './members.js';
import { defineRoute, listResultOf, noData } from './route.js';

/**
 * Classes/Groups (docs/domains/members.md "Screens and routes": /member/classes-group and /classes/group/{id}): a named group
 * of a school's students with one teacher. Calls under /api/classes:
 *   POST list, POST add, POST update, DELETE remove {id}, GET view/{id};
 * and POST /api/scheduling/getClassGroupStudentList {classGroupId} (docs/domains/members.md "Data and calls"). The form's
 * pickers use POST /api/auth/filter (types teacher and student).
 */

export const CLASS_MESSAGES = {
  added: 'Class/Group Added Successfully',
  updated: 'Class/Group Updated Successfully',
  deleted: 'Class/Group Deleted Successfully',
  notFound: 'Class/Group not found',
  teacherNotInSchool: 'Please choose a teacher of this school',
  studentsNotInSchool: 'Please choose students of this school',
} as const;

export const CLASS_STUDENTS_MAX = 100;

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

export const classForm = z.object({
  name: requiredString('Name is Required').max(NAME_MAX, 'Name should allow only 100 characters.'),
  /** For an admin who is a private teacher, their own id: they are the one teacher of their school. */
  teacherId: requiredId('Teacher is Required'),
  studentIds: z.array(uuid)
    .max(CLASS_STUDENTS_MAX, `A class/group may have at most ${CLASS_STUDENTS_MAX} students`)
    .refine(uniqueIds, 'Each student may appear once')
    .default([]),
});
export type ClassFormInput = z.input<typeof classForm>;
export type ClassFormValues = z.output<typeof classForm>;

export const classUpdateBody = classForm.extend({ id: uuid });
export type ClassUpdateValues = z.output<typeof classUpdateBody>;
export const classIdBody = z.object({ id: uuid });

export const CLASS_SORTS = ['createdAt', 'name'] as const;

export const classListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.classes),
  search: searchField.optional(),
  teacherId: uuid.optional(),
  sortBy: z.enum(CLASS_SORTS).default('createdAt'),
  orderBy: z.union([z.literal(-1), z.literal(1)]).default(-1),
});
export type ClassListQuery = z.input<typeof classListBody>;

/** POST /api/scheduling/getClassGroupStudentList. */
export const classGroupStudentListBody = z.object({ classGroupId: requiredId('Class/Group is Required') });

// --- answers ------------------------------------------------------------------------------

export const classListItem = z.object({
  _id: z.string(),
  name: z.string(),
  teacher: personRef.nullable(),
  studentCount: z.number().int(),
  createdAt: z.string(),
});
export type ClassListItem = z.infer<typeof classListItem>;

export const classDetails = classListItem.extend({
  students: z.array(personRef.extend({ status: z.boolean() })),
  /** The caller may change this group (admins and sub-admins; a teacher only reads). */
  canEdit: z.boolean(),
});
export type ClassDetails = z.infer<typeof classDetails>;

// --- routes (decision 059) ----------------------------------------------------------------

/** Any signed-in person calls them; the members policy (kind 'class') decides what each may do. */
const meta = { roles: 'signedIn', tags: ['classes'] } as const;

export const CLASS_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/classes/list', body: classListBody, response: listResultOf(classListItem), meta: { ...meta, lapsedSchool: 'open' } }),
  add: defineRoute({ method: 'POST', path: '/classes/add', body: classForm, response: classListItem, meta }),
  update: defineRoute({ method: 'POST', path: '/classes/update', body: classUpdateBody, response: classListItem, meta }),
  remove: defineRoute({ method: 'DELETE', path: '/classes/remove', body: classIdBody, response: noData, meta }),
  view: defineRoute({ method: 'GET', path: '/classes/view/:id', params: classIdBody, response: classDetails, meta: { ...meta, lapsedSchool: 'open' } }),
  /** A group's students, for a group lesson (docs/domains/members.md "Data and calls"). */
  groupStudents: defineRoute({
    method: 'POST', path: '/scheduling/getClassGroupStudentList', body: classGroupStudentListBody,
    response: z.object({ results: z.array(personRef) }), meta: { roles: 'signedIn', tags: ['scheduling'], lapsedSchool: 'open' },
  }),
};

import { z } from 'zod';
import { NAME_MAX, PAGE_SIZE } from '../constants.js';
import { requiredString, searchField, uuid } from './common.js';
import { personRef } from './members.js';
import { defineRoute, listResultOf, noData } from './route.js';

/**
 * Families (docs/domains/members.md "Screens and routes": Add Family /family/add and /family/{slug}): a household of a school,
 * its parents and its children. Saving one links every parent of it to every child of it
 * (parent_children; docs/decisions/008-families.md). Calls under /api/family:
 *   POST list, POST add, POST update, DELETE remove {id}, GET view/{id}.
 * The form's pickers use POST /api/auth/filter (types parent and student).
 */

export const FAMILY_MESSAGES = {
  added: 'Family Added Successfully',
  updated: 'Family Updated Successfully',
  deleted: 'Family Deleted Successfully',
  notFound: 'Family not found',
  parentsNotInSchool: 'Please choose parents of this school',
  childrenNotInSchool: 'Please choose students of this school',
} as const;

export const FAMILY_PEOPLE_MAX = 20;

const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;
const people = (required: string) => z.array(uuid, { error: required })
  .min(1, required)
  .max(FAMILY_PEOPLE_MAX, `A family may have at most ${FAMILY_PEOPLE_MAX}`)
  .refine(uniqueIds, 'Each person may appear once');

export const familyForm = z.object({
  name: requiredString('Family Name is Required').max(NAME_MAX, 'Family Name should allow only 100 characters.'),
  parentIds: people('Parent is Required'),
  childIds: people('Child is Required'),
});
export type FamilyFormInput = z.input<typeof familyForm>;
export type FamilyFormValues = z.output<typeof familyForm>;

export const familyUpdateBody = familyForm.extend({ id: uuid });
export type FamilyUpdateValues = z.output<typeof familyUpdateBody>;
export const familyIdBody = z.object({ id: uuid });

export const FAMILY_SORTS = ['createdAt', 'name'] as const;

export const familyListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.people),
  /** A family name, or the name of one of its parents or children. */
  search: searchField.optional(),
  sortBy: z.enum(FAMILY_SORTS).default('createdAt'),
  orderBy: z.union([z.literal(-1), z.literal(1)]).default(-1),
});
export type FamilyListQuery = z.input<typeof familyListBody>;

// --- answers ------------------------------------------------------------------------------

export const familyItem = z.object({
  _id: z.string(),
  name: z.string(),
  parents: z.array(personRef),
  children: z.array(personRef),
  createdAt: z.string(),
});
export type FamilyItem = z.infer<typeof familyItem>;

// --- routes (decision 059) ----------------------------------------------------------------

/** Any signed-in person calls them; the members policy (kind 'family') decides what each may do. */
const meta = { roles: 'signedIn', tags: ['families'] } as const;

export const FAMILY_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/family/list', body: familyListBody, response: listResultOf(familyItem), meta: { ...meta, lapsedSchool: 'open' } }),
  add: defineRoute({ method: 'POST', path: '/family/add', body: familyForm, response: familyItem, meta }),
  update: defineRoute({ method: 'POST', path: '/family/update', body: familyUpdateBody, response: familyItem, meta }),
  remove: defineRoute({ method: 'DELETE', path: '/family/remove', body: familyIdBody, response: noData, meta }),
  view: defineRoute({ method: 'GET', path: '/family/view/:id', params: familyIdBody, response: familyItem, meta: { ...meta, lapsedSchool: 'open' } }),
};

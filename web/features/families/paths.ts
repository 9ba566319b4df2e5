/** docs/domains/members.md "Screens and routes": Add Family at /family/add; one family at /family/{slug}, the slug its id. */
export const ADD_FAMILY_PATH = '/family/add';
export const ADD_SLUG = 'add';
export const familyPath = (id: string) => `/family/${encodeURIComponent(id)}`;

/** The members feature's entry for other features: the people search every picker uses. Its pages: ./pages.ts. */
export { searchPeople, type PeopleSearchType } from './peopleSearch';

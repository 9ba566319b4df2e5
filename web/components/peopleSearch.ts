import type { PersonOption } from './PeopleMultiSelect';
import { MEMBER_ROUTES } from '../../shared/contracts/members';
import { callApi } from '../lib/callApi';

/** Whom a picker looks for; the server answers only the people (or groups) the caller may see. */
export type PeopleSearchType = 'teacher' | 'student' | 'parent' | 'class';

/** The people search of every picker (POST /auth/filter): names containing the text. */
export async function searchPeople(type: PeopleSearchType, value: string): Promise<PersonOption[]> {
  return (await callApi(MEMBER_ROUTES.filter, { body: { type, value } })).data.results;
}

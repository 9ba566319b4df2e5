import type { PersonOption } from './PeopleMultiSelect';
import { api } from '../lib/api';

/** Whom a picker looks for; the server answers only the people (or groups) the caller may see. */
export type PeopleSearchType = 'teacher' | 'student' | 'parent' | 'class';

/** The people search of every picker (POST /auth/filter): names containing the text. */
export async function searchPeople(type: PeopleSearchType, value: string): Promise<PersonOption[]> {
  return (await api.post<{ results: PersonOption[] }>('/auth/filter', { type, value })).data.results;
}

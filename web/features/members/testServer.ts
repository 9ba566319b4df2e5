import type { MemberListItem } from '../../../shared/contracts/members';
import { fakeServer as fakeApi, type Answer, type Call } from '../../test/fakeApi';

export { selectInput, sessionAs } from '../../test/fakeApi';

export const GENRES = [
  { _id: '00000000-0000-4000-8000-0000000000a1', name: 'Piano' },
  { _id: '00000000-0000-4000-8000-0000000000a2', name: 'Guitar' },
];
export const TEACHER_OPTIONS = [{ value: '00000000-0000-4000-8000-0000000000b1', label: 'Sofia Marin' }];
export const PARENT_OPTIONS = [{ value: '00000000-0000-4000-8000-0000000000c1', label: 'Grace Chen' }];

export function student(n: number, overrides: Partial<MemberListItem> = {}): MemberListItem {
  return {
    _id: `00000000-0000-4000-8000-00000000001${n}`, role: 'student', first_name: `Lily${n}`, last_name: 'Chen',
    username: `lily${n}`, email: `lily${n}@example.com`, cellPhone: '+12125550142', status: true, invitationPending: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    instruments: [{ genreId: GENRES[0]!, level: 'beginner' }],
    teachers: [{ _id: TEACHER_OPTIONS[0]!.value, first_name: 'Sofia', last_name: 'Marin' }],
    parents: [], ...overrides,
  };
}

/** The members pickers' standard answers: genres, teacher and parent options, a free username. */
function pickerAnswer({ url, body }: Call): Answer {
  if (url.endsWith('/genre/getgenre')) return { data: { results: GENRES } };
  if (url.endsWith('/auth/filter')) {
    return { data: { results: body?.type === 'teacher' ? TEACHER_OPTIONS : body?.type === 'parent' ? PARENT_OPTIONS : [] } };
  }
  if (url.endsWith('/auth/checkvalidation')) return { data: { available: true }, message: 'Username is available' };
  // A student's profile shows staff the lesson history and make-up credits: none unless a test says so.
  if (url.endsWith('/reporting/getAttendance')) return { data: { results: [], page: 1, limit: 10, totalCount: 0, totals: {}, byMonth: [], timeZone: 'UTC' } };
  if (url.endsWith('/scheduling/getCredits')) return { data: { results: [], totalCount: 0 } };
  return { data: null };
}

/** A fetch that answers like the API: the handler's answer, or the pickers' standard options. */
export const fakeServer = (handle: (call: Call) => Answer | undefined) => fakeApi(handle, pickerAnswer);

export const listOf = (results: MemberListItem[], totalCount = results.length) => ({
  results, page: 1, limit: 6, totalCount, activeCount: 5, inactiveCount: 1,
});

/** Answers of the scheduling calls for the web tests. */
import type { CreditItem, LessonDetails, LessonTypeItem, RoomItem, ScheduleEvent } from '../../../shared/contracts/scheduling';
import type { Answer, Call } from '../../test/fakeApi';

export const IDS = {
  teacher: '00000000-0000-4000-8000-0000000000b1',
  student: '00000000-0000-4000-8000-0000000000c1',
  student2: '00000000-0000-4000-8000-0000000000c2',
  group: '00000000-0000-4000-8000-0000000000d1',
  private: '00000000-0000-4000-8000-0000000000e1',
  ensemble: '00000000-0000-4000-8000-0000000000e2',
  room: '00000000-0000-4000-8000-0000000000f1',
  lesson: '00000000-0000-4000-8000-000000000101',
  series: '00000000-0000-4000-8000-000000000201',
  credit: '00000000-0000-4000-8000-000000000301',
} as const;

export const TEACHER = { _id: IDS.teacher, first_name: 'Sofia', last_name: 'Marin' };
export const LILY = { _id: IDS.student, first_name: 'Lily', last_name: 'Chen' };
export const OWEN = { _id: IDS.student2, first_name: 'Owen', last_name: 'Chen' };

export const LESSON_TYPES: LessonTypeItem[] = [
  { _id: IDS.private, name: 'Piano 30', kind: 'private', durationMinutes: 30, createdAt: '2026-01-01T00:00:00.000Z' },
  { _id: IDS.ensemble, name: 'Ensemble', kind: 'class_group', durationMinutes: 60, createdAt: '2026-01-01T00:00:00.000Z' },
];
export const ROOMS: RoomItem[] = [{ _id: IDS.room, roomName: 'Studio A', capacity: 4, createdAt: '2026-01-01T00:00:00.000Z' }];

export function scheduleEvent(overrides: Partial<ScheduleEvent> = {}, assigned: Partial<ScheduleEvent['assignedId']> = {}): ScheduleEvent {
  return {
    _id: IDS.lesson,
    title: 'Piano 30 – Lily Chen',
    start: '2026-11-23T16:00:00-05:00',
    end: '2026-11-23T16:30:00-05:00',
    assignedId: { _id: IDS.lesson, class_groupId: null, cancelLesson: false, bankLesson: false, cancelReason: null, bankedExpDate: null, ...assigned },
    lesson_type: { _id: IDS.private, name: 'Piano 30', kind: 'private' },
    room: { _id: IDS.room, roomName: 'Studio A' },
    teacher: TEACHER,
    studentAttendance: [{ studId: LILY, status: null }],
    seriesId: IDS.series,
    teacherId: IDS.teacher,
    isMakeup: false,
    attendanceTaken: false,
    detail: true,
    canEdit: true,
    canCancel: true,
    ...overrides,
  };
}

export function lessonDetails(overrides: Partial<LessonDetails> = {}, assigned: Partial<ScheduleEvent['assignedId']> = {}): LessonDetails {
  return {
    ...scheduleEvent({}, assigned),
    notes: 'Bring the Czerny book',
    repeatText: 'Every week on Monday',
    durationMinutes: 30,
    date: '2026-11-23',
    startTime: '16:00',
    timeZone: 'America/New_York',
    schoolHours: { dayStartsAt: '08:00', dayEndsAt: '21:00' },
    ...overrides,
  };
}

export const CREDIT: CreditItem = {
  _id: IDS.credit,
  student: LILY,
  lesson: { _id: IDS.lesson, start: '2026-11-23T16:00:00-05:00', lesson_type: 'Piano 30', teacher: TEACHER },
  bankedExpDate: '2026-12-23',
  status: 'available',
  bankedDue: false,
  grantedByHand: false,
  usedLessonId: null,
  createdAt: '2026-11-20T12:00:00.000Z',
};

const list = <T,>(results: T[]) => ({ data: { results, page: 1, limit: 100, totalCount: results.length } });

/** The pickers and lists every scheduling form loads. */
export function pickerAnswers({ url, body }: Call): Answer {
  if (url.endsWith('/auth/filter')) {
    const value = String(body?.value ?? '').toLowerCase();
    const options = body?.type === 'teacher'
      ? [{ value: IDS.teacher, label: 'Sofia Marin' }]
      : body?.type === 'class'
        ? [{ value: IDS.group, label: 'Jazz Combo' }]
        : [{ value: IDS.student, label: 'Lily Chen' }, { value: IDS.student2, label: 'Owen Chen' }];
    return { data: { results: options.filter((o) => o.label.toLowerCase().includes(value)) } };
  }
  if (url.endsWith('/scheduling/lessonType/list')) return list(LESSON_TYPES);
  if (url.endsWith('/scheduling/room/list')) return list(ROOMS);
  if (url.endsWith('/scheduling/getCredits')) return list([CREDIT]);
  return { data: null };
}

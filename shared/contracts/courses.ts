import { z } from 'zod';
import { LEVELS, MAX_PAGE_SIZE, NAME_MAX, PAGE_SIZE, TEXT_MAX } from '../constants.js';
import { STAFF_OR_PROVIDER_ROLES, type Role } from '../roles.js';
import { fileRef } from './library.js';
import { optionalText, requiredId, requiredString, safeString, searchField, uuid } from './common.js';
import { defineRoute, listResultOf, noData } from './route.js';

/**
 * Courses, lessons and course approval (issue 13; docs/domains/learning.md "Screens and routes", "Data and calls", "Limits"). Pages: /learning/courses
 * (eight a page), /learning/course_detail/{id}, /learning/lessons/{id} (a course's lessons),
 * /learning/lesson_details/{lessonID}/{id}, /learning/approve-course. Calls under /api/course.
 */
export const COURSE_STATUSES = ['waiting', 'approved', 'rejected'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = { waiting: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' };

export const LESSON_BODY_MAX = 50_000;
export const REASON_MAX = 500;
/** A lesson's attachments, at most. */
export const ATTACHMENTS_MAX = 20;

export const COURSE_MESSAGES = {
  titleRequired: 'Title is Required',
  titleMax: `Title should allow only ${NAME_MAX} characters.`,
  descriptionMax: `Description should allow only ${TEXT_MAX} characters.`,
  instrumentRequired: 'Instrument is Required',
  instrumentUnknown: 'Please choose an instrument/genre from the list',
  levelRequired: 'Level is Required',
  added: 'Course added successfully',
  addedWaiting: 'Course added: it waits for the school’s approval',
  updated: 'Course updated successfully',
  updatedWaiting: 'Course updated: it waits for the school’s approval again',
  deleted: 'Course deleted successfully',
  notFound: 'Course not found',
  approved: 'Course approved',
  rejected: 'Course rejected: the teacher is told why by email',
  notWaiting: 'This course is not waiting for approval',
  reasonRequired: 'Reason is Required',
  reasonMax: `Reason should allow only ${REASON_MAX} characters.`,
  lessonTitleRequired: 'Lesson Title is Required',
  lessonTitleMax: `Lesson Title should allow only ${NAME_MAX} characters.`,
  bodyMax: 'This lesson is too long: please split it into several lessons',
  videoInvalid: 'Please enter a YouTube or Vimeo video link',
  lessonAdded: 'Lesson added successfully',
  lessonUpdated: 'Lesson updated successfully',
  lessonDeleted: 'Lesson deleted successfully',
  lessonNotFound: 'Lesson not found',
  reordered: 'Lessons reordered',
  reorderMismatch: 'Please list every lesson of the course once',
  markedDone: 'Lesson marked as done',
  markedNotDone: 'Lesson marked as not done',
  assigned: 'Course assigned',
  unassigned: 'Assignment removed',
  assignNobody: 'Please choose students or a class/group',
  studentsOfYours: 'Please choose students of yours',
  groupsOfYours: 'Please choose classes/groups of yours',
  assignmentNotFound: 'Assignment not found',
  coverNotImage: 'Please choose an image (PNG, JPEG, GIF or WebP) for the cover',
  attachmentsMax: `A lesson takes at most ${ATTACHMENTS_MAX} attachments`,
  attachmentsTwice: 'Please attach each file once',
} as const;

/** A YouTube or Vimeo link, read into the video it names (nothing else is ever embedded). */
export type VideoRef = { provider: 'youtube' | 'vimeo'; id: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

export function parseVideoUrl(value: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = parts[0] === 'watch' ? url.searchParams.get('v') ?? undefined : ['embed', 'shorts', 'live'].includes(parts[0] ?? '') ? parts[1] : undefined;
    return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'youtu.be') {
    id = parts[0];
    return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    id = host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts.find((p) => VIMEO_ID.test(p));
    return id && VIMEO_ID.test(id) ? { provider: 'vimeo', id } : null;
  }
  return null;
}

/** The privacy-friendly player: YouTube's no-cookie domain, Vimeo's do-not-track. */
export function embedUrlOf(video: VideoRef): string {
  return video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${video.id}?rel=0`
    : `https://player.vimeo.com/video/${video.id}?dnt=1`;
}

const courseFields = {
  title: requiredString(COURSE_MESSAGES.titleRequired).max(NAME_MAX, COURSE_MESSAGES.titleMax),
  description: optionalText(TEXT_MAX, COURSE_MESSAGES.descriptionMax, { multiline: true }).default(''),
  /** The instrument/genre (the platform-wide list of /genre/getgenre). */
  genreId: requiredId(COURSE_MESSAGES.instrumentRequired),
  level: z.enum(LEVELS, { error: COURSE_MESSAGES.levelRequired }),
  /** The cover image: an image file of the Library or one uploaded through /fileUpload/upload; null: none. */
  coverFileId: uuid.nullable().default(null),
};

export const courseForm = z.object(courseFields);
export type CourseFormInput = z.input<typeof courseForm>;
export type CourseFormValues = z.output<typeof courseForm>;

export const courseUpdateBody = z.object({ courseId: uuid, ...courseFields });
export type CourseUpdateValues = z.output<typeof courseUpdateBody>;

export const courseIdBody = z.object({ courseId: uuid });

export const COURSE_LIST_FILTERS = ['all', 'approved', 'waiting', 'rejected'] as const;

/** /learning/courses: what the caller may see, newest first, eight a page. */
export const courseListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.courses),
  search: searchField.optional(),
  status: z.enum(COURSE_LIST_FILTERS).default('all'),
});
export type CourseListQuery = z.input<typeof courseListBody>;

/** /learning/approve-course: the waiting courses, with the approved and not-approved counts. */
export const approvalListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.courses),
});

export const rejectCourseBody = z.object({
  courseId: uuid,
  reason: requiredString(COURSE_MESSAGES.reasonRequired, { multiline: true }).max(REASON_MAX, COURSE_MESSAGES.reasonMax),
});
export type RejectCourseValues = z.input<typeof rejectCourseBody>;

/** A video link: empty means none; anything else must name a YouTube or Vimeo video. */
export const videoUrlField = safeString().trim().max(300, COURSE_MESSAGES.videoInvalid)
  .refine((v) => v === '' || parseVideoUrl(v) !== null, COURSE_MESSAGES.videoInvalid);

const lessonFields = {
  title: requiredString(COURSE_MESSAGES.lessonTitleRequired).max(NAME_MAX, COURSE_MESSAGES.lessonTitleMax),
  /** Rich text from the editor as HTML; the server keeps only its allow-listed tags. */
  body: safeString({ multiline: true }).max(LESSON_BODY_MAX, COURSE_MESSAGES.bodyMax).default(''),
  videoUrl: videoUrlField.default(''),
  /** Files of the Library, in the order the lesson lists them (the whole list: it replaces the previous one). */
  attachmentIds: z.array(uuid).max(ATTACHMENTS_MAX, COURSE_MESSAGES.attachmentsMax)
    .refine((ids) => new Set(ids).size === ids.length, COURSE_MESSAGES.attachmentsTwice).default([]),
};

export const lessonForm = z.object(lessonFields);
export type LessonFormInput = z.input<typeof lessonForm>;
export const lessonAddBody = z.object({ courseId: uuid, ...lessonFields });
export type LessonAddValues = z.output<typeof lessonAddBody>;
export const lessonUpdateBody = z.object({ lessonId: uuid, ...lessonFields });
export type LessonUpdateValues = z.output<typeof lessonUpdateBody>;
export const lessonIdBody = z.object({ lessonId: uuid });
export const lessonReorderBody = z.object({ courseId: uuid, lessonIds: z.array(uuid).min(1, COURSE_MESSAGES.reorderMismatch).max(500) });
export const lessonDoneBody = z.object({ lessonId: uuid, done: z.boolean() });

export const assignCourseBody = z.object({
  courseId: uuid,
  studentIds: z.array(uuid).max(200).default([]),
  classGroupIds: z.array(uuid).max(50).default([]),
}).refine((v) => v.studentIds.length + v.classGroupIds.length > 0, { message: COURSE_MESSAGES.assignNobody, path: ['studentIds'] });
export type AssignCourseValues = z.input<typeof assignCourseBody>;
export const assignmentIdBody = z.object({ assignmentId: uuid });

// --- answers -------------------------------------------------------------------------------

export const named = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });
export type Named = z.infer<typeof named>;

/** A course's file (its cover, a lesson's attachment) is the library's file reference. */
const courseFile = fileRef;

export const courseItem = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  genre: z.object({ _id: z.string(), name: z.string() }),
  level: z.enum(LEVELS),
  status: z.enum(COURSE_STATUSES),
  rejectReason: z.string().nullable(),
  /** The provider's course, open to every school and read only to them. */
  provider: z.boolean(),
  author: named.nullable(),
  lessonCount: z.number(),
  /** The cover image (a signed link for whoever may read the course), or none. */
  cover: courseFile.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do with it (the server decides again on every call). */
  canEdit: z.boolean(),
  canAssign: z.boolean(),
  canReview: z.boolean(),
});
export type CourseItem = z.infer<typeof courseItem>;

const courseListAnswer = listResultOf(courseItem);
export type CourseListAnswer = z.infer<typeof courseListAnswer>;
const approvalListAnswer = listResultOf(courseItem).extend({ approvedCount: z.number(), notApprovedCount: z.number() });
export type ApprovalListAnswer = z.infer<typeof approvalListAnswer>;

export const lessonItem = z.object({
  _id: z.string(),
  courseId: z.string(),
  position: z.number(),
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  videoUrl: z.string().nullable(),
  embedUrl: z.string().nullable(),
  /** The student's own mark (always false for anyone else). */
  done: z.boolean(),
  /** Files of the Library in the lesson's order, with signed links for whoever may read the course. */
  attachments: z.array(courseFile),
});
export type LessonItem = z.infer<typeof lessonItem>;

export const courseDetails = courseItem.extend({ lessons: z.array(lessonItem) });
export type CourseDetails = z.infer<typeof courseDetails>;
export const lessonDetails = lessonItem.extend({ course: courseItem, previousId: z.string().nullable(), nextId: z.string().nullable() });
export type LessonDetails = z.infer<typeof lessonDetails>;

export const assignmentItem = z.object({
  _id: z.string(),
  student: named.nullable(),
  classGroup: z.object({ _id: z.string(), name: z.string() }).nullable(),
  assignedAt: z.string(),
});
export type AssignmentItem = z.infer<typeof assignmentItem>;

/** A course's progress: who is given it (their school's part), and who finished which lessons. */
export const courseProgress = z.object({
  lessonCount: z.number(),
  assignments: z.array(assignmentItem),
  students: z.array(z.object({ student: named, doneLessonIds: z.array(z.string()), doneCount: z.number() })),
});
export type CourseProgress = z.infer<typeof courseProgress>;

// --- routes (decision 059) ----------------------------------------------------------------

/** Any signed-in person calls them; policies/courses.ts decides what each may do. */
const meta = { roles: 'signedIn', tags: ['courses'] } as const;
/**
 * Who adds courses: the provider, the office and the teachers; students and parents never (the
 * guard refuses them, policies/courses.ts `mayCreateCourse` still checks the school). The web's
 * `createsCourses` (shared/permissions.ts) reads this list.
 */
export const COURSE_CREATOR_ROLES = [...STAFF_OR_PROVIDER_ROLES, 'teacher'] as const satisfies readonly Role[];
const idParams = z.object({ id: uuid });

export const COURSE_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/course/list', body: courseListBody, response: courseListAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  approvalList: defineRoute({ method: 'POST', path: '/course/approvalList', body: approvalListBody, response: approvalListAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  view: defineRoute({ method: 'GET', path: '/course/view/:id', params: idParams, response: courseDetails, meta: { ...meta, lapsedSchool: 'open' } }),
  add: defineRoute({ method: 'POST', path: '/course/add', body: courseForm, response: courseItem, meta: { ...meta, roles: COURSE_CREATOR_ROLES } }),
  update: defineRoute({ method: 'POST', path: '/course/update', body: courseUpdateBody, response: courseItem, meta }),
  remove: defineRoute({ method: 'DELETE', path: '/course/remove', body: courseIdBody, response: noData, meta }),
  approve: defineRoute({ method: 'POST', path: '/course/approve', body: courseIdBody, response: courseItem, meta }),
  reject: defineRoute({ method: 'POST', path: '/course/reject', body: rejectCourseBody, response: courseItem, meta }),
  addLesson: defineRoute({ method: 'POST', path: '/course/lesson/add', body: lessonAddBody, response: lessonItem, meta }),
  updateLesson: defineRoute({ method: 'POST', path: '/course/lesson/update', body: lessonUpdateBody, response: lessonItem, meta }),
  removeLesson: defineRoute({ method: 'DELETE', path: '/course/lesson/remove', body: lessonIdBody, response: noData, meta }),
  reorderLessons: defineRoute({ method: 'POST', path: '/course/lesson/reorder', body: lessonReorderBody, response: courseDetails, meta }),
  viewLesson: defineRoute({ method: 'GET', path: '/course/lesson/view/:id', params: idParams, response: lessonDetails, meta: { ...meta, lapsedSchool: 'open' } }),
  markLesson: defineRoute({ method: 'POST', path: '/course/lesson/markDone', body: lessonDoneBody, response: lessonItem, meta }),
  assign: defineRoute({ method: 'POST', path: '/course/assign', body: assignCourseBody, response: courseProgress, meta }),
  unassign: defineRoute({ method: 'DELETE', path: '/course/unassign', body: assignmentIdBody, response: courseProgress, meta }),
  progress: defineRoute({ method: 'POST', path: '/course/progress', body: courseIdBody, response: courseProgress, meta: { ...meta, lapsedSchool: 'open' } }),
};

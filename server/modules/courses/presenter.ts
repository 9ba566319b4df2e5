import type { InferSelectModel } from 'drizzle-orm';
import type { courseLessons, courses } from '../../db/schema/index.js';
import {
  embedUrlOf, parseVideoUrl, type AssignmentItem, type CourseItem, type CourseStatus, type LessonItem, type Named,
} from '../../../shared/contracts/courses.js';
import type { Level } from '../../../shared/constants.js';
import { decideAssignCourse, decideEditCourse, decideReviewCourse, type CourseActor } from '../../policies/courses.js';

export type CourseRow = InferSelectModel<typeof courses>;
export type LessonRow = InferSelectModel<typeof courseLessons>;
/** A course row with the names it points at, as the list query selects it. */
export type CourseWithNames = CourseRow & { genreName: string; authorFirst: string | null; authorLast: string | null; lessonCount: number };

export function presentCourse(row: CourseWithNames, actor: CourseActor): CourseItem {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    genre: { _id: row.genreId, name: row.genreName },
    level: row.level as Level,
    status: row.status as CourseStatus,
    rejectReason: row.rejectReason,
    provider: row.provider,
    author: row.createdBy && row.authorFirst !== null ? { _id: row.createdBy, first_name: row.authorFirst, last_name: row.authorLast ?? '' } : null,
    lessonCount: row.lessonCount,
    // Its signed link is put in by CourseFiles (a provider's cover only after the transaction).
    cover: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: decideEditCourse(actor, row) === 'allow',
    canAssign: decideAssignCourse(actor, row) === 'allow',
    canReview: decideReviewCourse(actor, row) === 'allow' && row.status === 'waiting',
  };
}

export function presentLesson(row: LessonRow, done: boolean): LessonItem {
  const video = row.videoUrl ? parseVideoUrl(row.videoUrl) : null;
  return {
    _id: row.id,
    courseId: row.courseId,
    position: row.position,
    title: row.title,
    body: row.bodyHtml,
    videoUrl: row.videoUrl,
    embedUrl: video ? embedUrlOf(video) : null,
    done,
    // Put in by CourseFiles, as the cover.
    attachments: [],
  };
}

export const named = (id: string, first: string, last: string): Named => ({ _id: id, first_name: first, last_name: last });

export function presentAssignment(row: {
  id: string; createdAt: Date; studentId: string | null; first: string | null; last: string | null; classGroupId: string | null; groupName: string | null;
}): AssignmentItem {
  return {
    _id: row.id,
    student: row.studentId ? named(row.studentId, row.first ?? '', row.last ?? '') : null,
    classGroup: row.classGroupId ? { _id: row.classGroupId, name: row.groupName ?? '' } : null,
    assignedAt: row.createdAt.toISOString(),
  };
}

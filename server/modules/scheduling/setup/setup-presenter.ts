import type { HolidayItem, LessonKind, LessonTypeItem, RoomItem } from '../../../../shared/contracts/scheduling.js';
import type { holidays, lessonTypes, rooms } from '../../../db/schema/index.js';

export function presentRoom(r: typeof rooms.$inferSelect): RoomItem {
  return { _id: r.id, roomName: r.roomName, capacity: r.capacity, createdAt: r.createdAt.toISOString() };
}

export function presentLessonType(t: typeof lessonTypes.$inferSelect): LessonTypeItem {
  return { _id: t.id, name: t.name, kind: t.kind as LessonKind, durationMinutes: t.durationMinutes, createdAt: t.createdAt.toISOString() };
}

export function presentHoliday(h: typeof holidays.$inferSelect & { lessonsCancelled: number }): HolidayItem {
  return {
    _id: h.id, name: h.name, startsOn: h.startsOn, endsOn: h.endsOn, bankLessons: h.bankLessons,
    lessonsCancelled: h.lessonsCancelled, createdAt: h.createdAt.toISOString(),
  };
}

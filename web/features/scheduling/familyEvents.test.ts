import { describe, expect, it } from 'vitest';
import type { EventsAnswer } from '../../../shared/contracts/scheduling';
import { CHILD_COLOURS, childrenWithColours, mergeFamilyLessons, whoseLesson } from './familyEvents';
import { IDS, LILY, OWEN, scheduleEvent } from './lessonFixtures';

const answer = (results: EventsAnswer['results']) => ({ results }) as EventsAnswer;
const SHARED = '00000000-0000-4000-8000-000000000102';
const OWENS = '00000000-0000-4000-8000-000000000103';

describe("a parent's calendar: the children's lessons", () => {
  const family = childrenWithColours([LILY, OWEN]);

  it('gives each child a colour of their own, in the order the school lists them', () => {
    expect(family.map((c) => [c.id, c.name, c.colour])).toEqual([
      [IDS.student, 'Lily Chen', `var(--mantine-color-${CHILD_COLOURS[0]})`],
      [IDS.student2, 'Owen Chen', `var(--mantine-color-${CHILD_COLOURS[1]})`],
    ]);
  });

  it('merges the answers a child by lesson: a lesson both attend shows once, named for both, in time order', () => {
    const lily = answer([scheduleEvent({ _id: SHARED, start: '2026-11-24T16:00:00-05:00' }), scheduleEvent()]);
    const owen = answer([scheduleEvent({ _id: OWENS, start: '2026-11-23T15:00:00-05:00' }), scheduleEvent({ _id: SHARED, start: '2026-11-24T16:00:00-05:00' })]);
    const merged = mergeFamilyLessons(family, [lily, owen]);
    expect(merged.map((l) => [l.event._id, whoseLesson(l)])).toEqual([
      [OWENS, 'Owen'],
      [IDS.lesson, 'Lily'],
      [SHARED, 'Lily and Owen'],
    ]);
  });

  it('shows what has come while a child’s answer is still on its way', () => {
    expect(mergeFamilyLessons(family, [answer([scheduleEvent()]), undefined]).map(whoseLesson)).toEqual(['Lily']);
  });
});

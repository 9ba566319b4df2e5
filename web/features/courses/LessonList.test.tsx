import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetails, LessonItem } from '../../../shared/contracts/courses';
import { fakeServer, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { LessonList } from './LessonList';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lesson: LessonItem = {
  _id: 'l1', courseId: 'c1', position: 1, title: 'C major', body: '<p>Slowly at 60.</p>',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0', done: false, attachments: [],
};
const course = { _id: 'c1', title: 'Scales', canEdit: false, lessons: [lesson] } as unknown as CourseDetails;

describe('LessonList', () => {
  it('mounts a lesson’s video player only while the lesson is open, and loads it at once', async () => {
    sessionAs('student');
    fakeServer(() => undefined);
    const { container } = renderWithApp(<LessonList course={course} onEdit={() => {}} onDelete={() => {}} />);
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lesson 1: C major' }));
    const player = await screen.findByTitle('Video: C major');
    expect(player.getAttribute('src')).toBe(lesson.embedUrl);
    expect(player.getAttribute('loading')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lesson 1: C major' }));
    await waitFor(() => expect(container.querySelector('iframe')).toBeNull());
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { LessonEventBody } from './EventContent';
import { toEventInput } from './eventInput';
import { scheduleEvent } from './lessonFixtures';

const draw = (lesson: ReturnType<typeof scheduleEvent>) =>
  render(
    <AppProviders env="test">
      <LessonEventBody lesson={lesson} timeText="4:00 - 4:30" />
    </AppProviders>,
  );

describe('a lesson on the calendar', () => {
  it('shows time, title, students and room', () => {
    draw(scheduleEvent({ title: 'Piano 30' }));
    expect(screen.getByText('4:00 - 4:30')).toBeTruthy();
    expect(screen.getByText('Piano 30')).toBeTruthy();
    expect(screen.getByText('Lily Chen')).toBeTruthy();
    expect(screen.getByText('Studio A')).toBeTruthy();
    expect(screen.queryByText('Attendance taken')).toBeNull();
  });

  it('leads with who, then the type', () => {
    const { container } = draw(scheduleEvent({ studentAttendance: [{ studId: { _id: 'x', first_name: 'Owen', last_name: 'Chen' }, status: null }] }));
    const text = container.textContent ?? '';
    expect(text.indexOf('Owen Chen')).toBeGreaterThan(-1);
    expect(text.indexOf('Owen Chen')).toBeLessThan(text.indexOf('Piano 30'));
    expect(screen.getAllByText('Owen Chen')).toHaveLength(1);
  });

  it('names the group first for a group lesson', () => {
    draw(scheduleEvent({ studentAttendance: [] }, { class_groupId: { _id: 'g', name: 'Jazz Combo' } }));
    expect(screen.getByText('Jazz Combo')).toBeTruthy();
    expect(screen.queryByText('Lily Chen')).toBeNull();
  });

  it('shows families why a lesson was cancelled', () => {
    draw(scheduleEvent({ detail: false, teacher: null, studentAttendance: [] }, { cancelLesson: true, cancelReason: 'Holiday: Winter break' }));
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByText('Holiday: Winter break')).toBeTruthy();
  });

  it('marks attendance taken for screen readers too', () => {
    draw(scheduleEvent({ attendanceTaken: true }));
    expect(screen.getByText('Attendance taken')).toBeTruthy();
  });

  it('strikes a cancelled, banked lesson through and says until when it is banked', () => {
    draw(scheduleEvent({}, { cancelLesson: true, bankLesson: true, bankedExpDate: '2026-12-23', cancelReason: 'Ill' }));
    expect(screen.getByText('Cancelled · Banked until Dec 23, 2026')).toBeTruthy();
    expect(screen.getByText('Lily Chen').className).toMatch(/struck/);
    expect(screen.getByText('Ill')).toBeTruthy();
  });

  it('says Cancelled on a lesson cancelled without banking', () => {
    draw(scheduleEvent({}, { cancelLesson: true, cancelReason: 'Ill' }));
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });

  it('marks a make-up', () => {
    draw(scheduleEvent({ isMakeup: true }));
    expect(screen.getByText('Make-up · Piano 30')).toBeTruthy();
    expect(toEventInput(scheduleEvent({ isMakeup: true })).classNames).toContain('cadenza-lesson-makeup');
  });

  it('shows only the lesson type and room when the detail is hidden', () => {
    draw(scheduleEvent({ detail: false, title: 'Piano 30', teacher: null, studentAttendance: [] }, { class_groupId: null }));
    expect(screen.getByText('Piano 30')).toBeTruthy();
    expect(screen.getByText('Studio A')).toBeTruthy();
    expect(screen.queryByText(/Lily/)).toBeNull();
  });

  it('fits a month cell on one line, marks in words', () => {
    render(
      <AppProviders env="test">
        <LessonEventBody lesson={scheduleEvent({ attendanceTaken: true }, { cancelLesson: true, bankLesson: true, bankedExpDate: '2026-12-23' })} timeText="4pm" compact />
      </AppProviders>,
    );
    expect(screen.getByText('Cancelled, banked')).toBeTruthy();
    expect(screen.getByLabelText('Attendance taken')).toBeTruthy();
    expect(screen.queryByText('Studio A')).toBeNull();
  });

  it('colours lessons by teacher, a cancelled one grey', () => {
    const sofia = toEventInput(scheduleEvent()).backgroundColor;
    expect(toEventInput(scheduleEvent({ _id: 'other' })).backgroundColor).toBe(sofia);
    expect(toEventInput(scheduleEvent({ teacherId: 'another-teacher' })).backgroundColor).not.toBe(sofia);
    expect(toEventInput(scheduleEvent({}, { cancelLesson: true })).backgroundColor).toBe('var(--mantine-color-gray-2)');
  });

  it('lets only an editor drag a lesson, and never a cancelled one', () => {
    expect(toEventInput(scheduleEvent()).editable).toBe(true);
    expect(toEventInput(scheduleEvent({ canEdit: false })).editable).toBe(false);
    expect(toEventInput(scheduleEvent({}, { cancelLesson: true })).editable).toBe(false);
  });
});

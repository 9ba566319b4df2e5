import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CancelPreview } from '../../../shared/contracts/scheduling';
import { fakeServer, sessionAs, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { CancelLessonForm } from './CancelLessonForm';
import { IDS, LILY, OWEN, pickerAnswers, scheduleEvent } from './lessonFixtures';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.unstubAllGlobals());

const is = (name: string) => (c: Call) => c.url.endsWith(`/scheduling/${name}`);
const PREVIEW: CancelPreview = {
  bank: [
    { student: LILY, credited: true, reason: null, expiresAt: '2026-12-23T16:00:00-05:00' },
    { student: OWEN, credited: false, reason: 'Cancelled less than 24 hours before the lesson', expiresAt: null },
  ],
  familyBanks: false,
  noticeHours: 24,
};

function draw(preview: CancelPreview, mayGrantAnyway = true) {
  const onBack = vi.fn();
  const calls = fakeServer((c) => (is('previewCancel')(c) ? { data: preview } : undefined), pickerAnswers);
  renderWithApp(<CancelLessonForm lesson={scheduleEvent({ studentAttendance: [{ studId: LILY, status: null }, { studId: OWEN, status: null }] })} mayGrantAnyway={mayGrantAnyway} onDone={vi.fn()} onBack={onBack} />);
  return { calls, onBack, form: screen.getByRole('form', { name: 'Cancel lesson' }) };
}

describe('the cancel dialog', () => {
  it('restates the lesson and offers "Keep lesson" and "Cancel lesson"', async () => {
    sessionAs('admin');
    const { onBack, form, calls } = draw(PREVIEW);
    const lesson = within(form).getByRole('group', { name: 'The lesson to cancel' });
    expect(within(lesson).getByText('Lily Chen, Owen Chen – Piano 30')).toBeTruthy();
    expect(within(lesson).getByText('Mon, Nov 23, 2026, 4:00 PM – 4:30 PM')).toBeTruthy();
    expect(within(lesson).getByText('Sofia Marin · Studio A')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Keep lesson' }));
    expect(onBack).toHaveBeenCalled();
    expect(within(form).getByRole('button', { name: 'Cancel lesson' })).toBeTruthy();
    await screen.findByText('No make-up credit: this lesson is not banked.');
    expect(calls.find(is('previewCancel'))?.body).toEqual({ id: IDS.lesson });
  });

  it('shows each student\'s credit outcome before confirming, and the staff override', async () => {
    sessionAs('admin');
    const { form } = draw(PREVIEW);
    await screen.findByText('No make-up credit: this lesson is not banked.');
    fireEvent.click(within(form).getByLabelText(/^Bank this lesson/));
    expect(await screen.findByText('Lily Chen gets a make-up credit until Dec 23, 2026.')).toBeTruthy();
    expect(screen.getByText('Owen Chen gets no make-up credit: Cancelled less than 24 hours before the lesson.')).toBeTruthy();
    expect(screen.getByText("Credits need at least 24 hours' notice.")).toBeTruthy();
    fireEvent.click(within(form).getByLabelText('Grant a credit even outside the rules'));
    expect(await screen.findByText('Owen Chen gets a make-up credit (granted outside the rules: Cancelled less than 24 hours before the lesson).')).toBeTruthy();
  });

  it('tells a family what its cancel gives, without a bank choice', async () => {
    sessionAs('student');
    const { form } = draw({ ...PREVIEW, bank: [PREVIEW.bank[0]!], familyBanks: true }, false);
    expect(await screen.findByText('Lily Chen gets a make-up credit until Dec 23, 2026.')).toBeTruthy();
    expect(within(form).queryByLabelText(/^Bank this lesson/)).toBeNull();
    expect(within(form).queryByLabelText('This and following')).toBeNull();
  });
});

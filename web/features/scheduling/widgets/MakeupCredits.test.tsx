import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_MESSAGES, type CreditItem, type MakeupSlotItem } from '../../../../shared/contracts/scheduling';
import { fakeServer, sessionAs } from '../../../test/fakeApi';
import { renderWithApp } from '../../../test/render';
import { MakeupCredits } from './MakeupCredits';

const credit: CreditItem = {
  _id: 'cr1', student: { _id: 'c1', first_name: 'Lily', last_name: 'Chen' },
  lesson: { _id: 'l1', start: '2026-11-27T16:00:00-05:00', lesson_type: 'Private Lesson', teacher: null },
  bankedExpDate: '2027-01-26T16:00:00-05:00', status: 'available', bankedDue: false, grantedByHand: false, usedLessonId: null, createdAt: '2026-11-20T10:00:00Z',
};
const slot: MakeupSlotItem = {
  _id: 's1', teacher: { _id: 't1', first_name: 'Sofia', last_name: 'Marin' }, lesson_type: { _id: 'pt', name: 'Private Lesson' },
  room: { _id: 'r1', roomName: 'Studio A' }, start: '2026-12-05T07:00:00-05:00', end: '2026-12-05T07:30:00-05:00',
  durationMinutes: 30, capacity: 1, booked: 0, lessonId: null, canRemove: false,
};

describe('MakeupCredits', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a child’s credits and books a make-up into an open slot', async () => {
    sessionAs('parent');
    let booked = false;
    const calls = fakeServer(({ url }) => {
      if (url.endsWith('/getCredits')) return { data: booked ? { results: [], totalCount: 0 } : { results: [credit], totalCount: 1 } };
      if (url.endsWith('/makeupSlot/list')) return { data: { results: [slot], timeZone: 'America/New_York' } };
      if (url.endsWith('/makeupSlot/book')) {
        booked = true;
        return { message: SCHEDULING_MESSAGES.makeupBooked, data: { _id: 'm1' } };
      }
      return undefined;
    });
    renderWithApp(<MakeupCredits studentId="c1" name="Lily Chen" />);
    expect(await screen.findByText(/1 make-up credit · the first expires/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Book a make-up for Lily Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a make-up for Lily Chen' });
    const choice = await within(dialog).findByRole('radio', { name: /Sofia Marin · Studio A/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book make-up' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Make-up slot is Required');
    fireEvent.click(choice);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book make-up' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/makeupSlot/book'))?.body).toEqual({ slotId: 's1', creditId: 'cr1' }));
    expect(await screen.findByText('No make-up credits')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/makeupSlot/list'))?.body).toEqual({ studentId: 'c1' });
  });

  it('says so when no slot is open', async () => {
    sessionAs('student');
    fakeServer(({ url }) => {
      if (url.endsWith('/getCredits')) return { data: { results: [credit], totalCount: 1 } };
      if (url.endsWith('/makeupSlot/list')) return { data: { results: [], timeZone: 'America/New_York' } };
      return undefined;
    });
    renderWithApp(<MakeupCredits />);
    fireEvent.click(await screen.findByRole('button', { name: 'Book a make-up' }));
    expect(await screen.findByText(/No open make-up slots right now/)).toBeTruthy();
  });
});

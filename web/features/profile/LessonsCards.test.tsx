import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_MESSAGES } from '../../../shared/contracts/scheduling';
import { fakeServer, sessionAs, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { CalendarFeedCard, LessonRemindersCard } from '../scheduling';
import ProfilePage from './ProfilePage';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.unstubAllGlobals());

const OLD_URL = 'https://cadenza.example/api/scheduling/ical/old-token.ics';
const NEW_URL = 'https://cadenza.example/api/scheduling/ical/new-token.ics';
const ends = (c: Call, path: string) => c.url.endsWith(`/api/scheduling/${path}`);

describe('LessonRemindersCard', () => {
  it('shows the setting and saves the switch', async () => {
    sessionAs('student');
    const calls = fakeServer((c) => {
      if (ends(c, 'getNotificationOnOff')) return { data: { userId: 'u1', notificationsOn: true } };
      if (ends(c, 'notificationOnOff')) return { message: SCHEDULING_MESSAGES.notificationSaved, data: { userId: 'u1', notificationsOn: c.body?.notificationsOn } };
      return undefined;
    });
    renderWithApp(<LessonRemindersCard />);
    const toggle = (await screen.findByLabelText('Email me before each lesson')) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(calls.find((c) => ends(c, 'getNotificationOnOff'))).toMatchObject({ method: 'POST', body: {} });
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => ends(c, 'notificationOnOff'))?.body).toEqual({ notificationsOn: false }));
    expect(await screen.findByText(SCHEDULING_MESSAGES.notificationSaved)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Email me before each lesson') as HTMLInputElement).checked).toBe(false));
  });
});

describe('CalendarFeedCard', () => {
  it('shows the private link with a copy button, and resets it after warning that the old one stops working', async () => {
    sessionAs('teacher');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = fakeServer((c) => {
      if (ends(c, 'getCalendarFeed')) return { data: { url: OLD_URL } };
      if (ends(c, 'resetCalendarFeed')) return { message: SCHEDULING_MESSAGES.feedReset, data: { url: NEW_URL } };
      return undefined;
    });
    renderWithApp(<CalendarFeedCard />);
    expect(screen.getByText(/Copy your private calendar link into Google Calendar or Apple Calendar/)).toBeTruthy();
    const link = (await screen.findByLabelText('Calendar link')) as HTMLInputElement;
    expect(link.value).toBe(OLD_URL);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(OLD_URL));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset calendar link' });
    expect(within(dialog).getByText(/The old link stops working/)).toBeTruthy();
    expect(calls.some((c) => ends(c, 'resetCalendarFeed'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect((screen.getByLabelText('Calendar link') as HTMLInputElement).value).toBe(NEW_URL));
    expect(calls.find((c) => ends(c, 'resetCalendarFeed'))).toMatchObject({ method: 'POST', body: {} });
    expect(await screen.findByText(SCHEDULING_MESSAGES.feedReset)).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    sessionAs('parent');
    fakeServer((c) => (ends(c, 'getCalendarFeed') ? { status: 500, message: 'Database is down' } : undefined));
    renderWithApp(<CalendarFeedCard />);
    expect(await screen.findByText('Could not load your calendar link')).toBeTruthy();
  });
});

describe('ProfilePage', () => {
  it('has the reminder and calendar cards for a parent, not for a super admin', async () => {
    sessionAs('parent');
    fakeServer(() => undefined);
    renderWithApp(<ProfilePage />);
    expect(screen.getByRole('heading', { name: 'Lesson reminders' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Calendar feed' })).toBeTruthy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    sessionAs('superadmin');
    fakeServer(() => undefined);
    renderWithApp(<ProfilePage />);
    expect(screen.queryByRole('heading', { name: 'Calendar feed' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Lesson reminders' })).toBeNull();
  });
});

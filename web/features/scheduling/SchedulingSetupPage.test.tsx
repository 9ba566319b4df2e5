import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_MESSAGES, type LessonTypeItem, type RoomItem } from '../../../shared/contracts/scheduling';
import { fakeServer, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import SchedulingSetupPage from './SchedulingSetupPage';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.unstubAllGlobals());

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const room = (n: number, overrides: Partial<RoomItem> = {}): RoomItem => ({
  _id: id(n), roomName: `Studio ${n}`, capacity: n, createdAt: '2026-01-01T00:00:00.000Z', ...overrides,
});
const lessonType = (n: number, overrides: Partial<LessonTypeItem> = {}): LessonTypeItem => ({
  _id: id(50 + n), name: `Piano ${n}`, kind: 'private', durationMinutes: 30, createdAt: '2026-01-01T00:00:00.000Z', ...overrides,
});
const listOf = <T,>(results: T[], totalCount = results.length, page = 1) => ({ results, page, limit: 10, totalCount });
const ends = (call: Call, path: string) => call.url.endsWith(`/api/scheduling/${path}`);
const last = (calls: Call[], path: string) => calls.filter((c) => ends(c, path)).at(-1);

function open(path = '/schedulings', handle: (call: Call) => Answer | undefined = () => undefined) {
  sessionAs('admin');
  const calls = fakeServer(handle, () => ({ data: listOf([]) }));
  renderWithApp(<SchedulingSetupPage />, { path });
  return calls;
}

describe('SchedulingSetupPage', () => {
  it('opens on Rooms and moves between tabs with the keyboard', async () => {
    open('/schedulings', (c) => (ends(c, 'room/list') ? { data: listOf([room(1)]) } : undefined));
    expect(await screen.findByRole('heading', { name: 'Schedule settings' })).toBeTruthy();
    const rooms = screen.getByRole('tab', { name: 'Rooms' });
    expect(rooms.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Studio 1')).toBeTruthy();
    rooms.focus();
    fireEvent.keyDown(rooms, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Lesson Types' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByText('No lesson types yet')).toBeTruthy();
    for (const name of ['Holidays', 'Make-up Rules', 'Make-up Credits']) expect(screen.getByRole('tab', { name })).toBeTruthy();
  });

  it('offers the school\'s data export to the admin alone (decision 092)', async () => {
    open('/schedulings?tab=export', (c) => (c.url.endsWith('/api/dataExport/latest') ? { data: null } : undefined));
    expect((await screen.findByRole('tab', { name: 'Export Data' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: "Export your school's data" })).toBeTruthy();
  });

  it('shows a sub-admin no export tab, and opens Rooms for its address', async () => {
    sessionAs('subadmin');
    fakeServer(() => undefined, () => ({ data: listOf([]) }));
    renderWithApp(<SchedulingSetupPage />, { path: '/schedulings?tab=export' });
    expect((await screen.findByRole('tab', { name: 'Rooms' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Export Data' })).toBeNull();
  });

  it('lists rooms 10 a page by name and pages on', async () => {
    const calls = open('/schedulings', (c) => {
      if (!ends(c, 'room/list')) return undefined;
      const page = Number(c.body?.page);
      return { data: listOf(page === 2 ? [room(11)] : [room(1), room(2, { capacity: null })], 11, page) };
    });
    const row = (await screen.findByText('Studio 2')).closest('tr')!;
    expect(within(row).getByText('Not set')).toBeTruthy();
    expect(last(calls, 'room/list')?.body).toEqual({ page: 1, limit: 10, sortBy: 'roomName', orderBy: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Studio 11')).toBeTruthy();
    expect(last(calls, 'room/list')?.body).toMatchObject({ page: 2, limit: 10 });
  });

  it('adds a room: the contract messages first, then the name and capacity', async () => {
    const calls = open('/schedulings', (c) => (ends(c, 'room/add') ? { message: SCHEDULING_MESSAGES.roomAdded, data: room(3) } : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Room' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Capacity/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Room' }));
    expect(await within(dialog).findByText('Room Name is Required')).toBeTruthy();
    expect(within(dialog).getByText('Capacity is at least 1')).toBeTruthy();
    expect(calls.some((c) => ends(c, 'room/add'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Room Name/), { target: { value: '  Studio B ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Capacity/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Room' }));
    await waitFor(() => expect(last(calls, 'room/add')?.body).toEqual({ roomName: 'Studio B', capacity: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(SCHEDULING_MESSAGES.roomAdded)).toBeTruthy();
  });

  it('edits a room and shows the server’s message under the name', async () => {
    const calls = open('/schedulings', (c) => {
      if (ends(c, 'room/list')) return { data: listOf([room(1)]) };
      if (ends(c, 'room/update')) {
        return c.body?.roomName === 'Studio 2'
          ? { status: 400, message: SCHEDULING_MESSAGES.roomTaken, errors: { roomName: SCHEDULING_MESSAGES.roomTaken } }
          : { message: SCHEDULING_MESSAGES.roomUpdated, data: room(1) };
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Studio 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Room' });
    const name = within(dialog).getByLabelText(/^Room Name/) as HTMLInputElement;
    expect(name.value).toBe('Studio 1');
    expect((within(dialog).getByLabelText(/^Capacity/) as HTMLInputElement).value).toBe('1');
    fireEvent.change(name, { target: { value: 'Studio 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(SCHEDULING_MESSAGES.roomTaken)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Recital Hall' } });
    fireEvent.change(within(dialog).getByLabelText(/^Capacity/), { target: { value: '80' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(last(calls, 'room/update')?.body).toEqual({ id: id(1), roomName: 'Recital Hall', capacity: 80 }));
  });

  it('deletes a room after asking', async () => {
    const calls = open('/schedulings', (c) => {
      if (ends(c, 'room/list')) return { data: listOf([room(1)]) };
      if (ends(c, 'room/remove')) return { message: SCHEDULING_MESSAGES.roomDeleted };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Studio 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete room' });
    expect(within(dialog).getByText(/Delete Studio 1\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(last(calls, 'room/remove')).toMatchObject({ method: 'DELETE', body: { id: id(1) } }));
  });

  it('adds and edits lesson types with their kind and default duration', async () => {
    const calls = open('/schedulings?tab=lesson-types', (c) => {
      if (ends(c, 'lessonType/list')) return { data: listOf([lessonType(1, { kind: 'class_group', name: 'Choir' })]) };
      if (ends(c, 'lessonType/add')) return { message: SCHEDULING_MESSAGES.lessonTypeAdded, data: lessonType(2) };
      if (ends(c, 'lessonType/update')) return { message: SCHEDULING_MESSAGES.lessonTypeUpdated, data: lessonType(1) };
      return undefined;
    });
    const row = (await screen.findByText('Choir')).closest('tr')!;
    expect(within(row).getByText('Class/Group')).toBeTruthy();
    expect(within(row).getByText('30 min')).toBeTruthy();
    expect(last(calls, 'lessonType/list')?.body).toEqual({ page: 1, limit: 10, sortBy: 'name', orderBy: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Add Lesson Type' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Default duration/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Lesson Type' }));
    expect(await within(dialog).findByText('Name is Required')).toBeTruthy();
    expect(within(dialog).getByText('A lesson lasts at least 5 minutes')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Guitar 45' } });
    fireEvent.change(within(dialog).getByLabelText(/^Default duration/), { target: { value: '45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Lesson Type' }));
    await waitFor(() => expect(last(calls, 'lessonType/add')?.body).toEqual({ name: 'Guitar 45', kind: 'private', durationMinutes: 45 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Choir' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Lesson Type' });
    expect((within(dialog).getByLabelText('Class/Group') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Private'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(last(calls, 'lessonType/update')?.body).toEqual({ id: id(51), name: 'Choir', kind: 'private', durationMinutes: 30 }));
  });
});

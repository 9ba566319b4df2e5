import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAMILY_MESSAGES, type FamilyItem } from '../../../shared/contracts/families';
import { fakeServer as fakeApi, sessionAs, type Answer, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import FamilyPage from './FamilyPage';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });

const PARENT = { value: '00000000-0000-4000-8000-0000000000b1', label: 'Grace Chen' };
const CHILDREN = [
  { value: '00000000-0000-4000-8000-0000000000c1', label: 'Lily Chen' },
  { value: '00000000-0000-4000-8000-0000000000c2', label: 'Owen Chen' },
];

function family(n: number, overrides: Partial<FamilyItem> = {}): FamilyItem {
  return {
    _id: `00000000-0000-4000-8000-00000000001${n}`, name: `Family ${n}`,
    parents: [{ _id: PARENT.value, first_name: 'Grace', last_name: 'Chen' }],
    children: [{ _id: CHILDREN[0]!.value, first_name: 'Lily', last_name: 'Chen' }],
    createdAt: '2026-01-01T00:00:00.000Z', ...overrides,
  };
}

const pickerAnswer = ({ url, body }: Call): Answer =>
  url.endsWith('/auth/filter') ? { data: { results: body?.type === 'parent' ? [PARENT] : CHILDREN } } : { data: null };

const fakeServer = (handle: (call: Call) => Answer | undefined) => fakeApi(handle, pickerAnswer);
const listOf = (results: FamilyItem[], totalCount = results.length) => ({ results, page: 1, limit: 6, totalCount });
const isList = (url: string) => url.endsWith('/family/list');
const inputOf = (scope: HTMLElement, label: RegExp) => within(scope).getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;

const renderAt = (slug: string) => renderWithApp(
  <Routes>
    <Route path="/family/:slug" element={<FamilyPage />} />
  </Routes>,
  { path: `/family/${slug}` },
);

beforeEach(() => {
  sessionAs('admin');
});
afterEach(() => vi.unstubAllGlobals());

describe('/family/add', () => {
  it('shows the Add Family form and the school\'s families below it', async () => {
    const calls = fakeServer(({ url }) => (isList(url) ? { data: listOf([family(1), family(2, { children: [] })]) } : undefined));
    renderAt('add');
    expect(screen.getByRole('heading', { name: 'Add Family' })).toBeTruthy();
    const row = (await screen.findByText('Family 1')).closest('tr')!;
    expect(within(row).getByText('Grace Chen')).toBeTruthy();
    expect(within(row).getByText('Lily Chen')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit Family 1' }).getAttribute('href')).toBe(`/family/${family(1)._id}`);
    expect(calls.find((c) => isList(c.url))?.body).toEqual({ page: 1, limit: 6, sortBy: 'createdAt', orderBy: -1 });
  });

  it('checks the form with the documented messages, then adds the family and clears the form', async () => {
    const calls = fakeServer(({ url }) => {
      if (isList(url)) return { data: listOf([]) };
      if (url.endsWith('/family/add')) return { message: FAMILY_MESSAGES.added, data: family(3) };
      return undefined;
    });
    renderAt('add');
    const form = screen.getByRole('form', { name: 'Add family' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Family' }));
    expect(await within(form).findByText('Family Name is Required')).toBeTruthy();
    expect(within(form).getByText('Parent is Required')).toBeTruthy();
    expect(within(form).getByText('Child is Required')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Family Name/), { target: { value: 'Chen family' } });
    fireEvent.click(inputOf(form, /^Parents/));
    fireEvent.click(await screen.findByRole('option', { name: 'Grace Chen' }));
    const children = inputOf(form, /^Children/);
    fireEvent.click(children);
    fireEvent.click(await screen.findByRole('option', { name: 'Lily Chen' }));
    fireEvent.click(children);
    fireEvent.click(await screen.findByRole('option', { name: 'Owen Chen' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add Family' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/family/add'))?.body).toEqual({
      name: 'Chen family', parentIds: [PARENT.value], childIds: [CHILDREN[0]!.value, CHILDREN[1]!.value],
    }));
    await waitFor(() => expect((within(form).getByLabelText(/^Family Name/) as HTMLInputElement).value).toBe(''));
  });

  it('searches families by name and pages them', async () => {
    const calls = fakeServer(({ url, body }) => {
      if (!isList(url)) return undefined;
      if (body?.search) return { data: listOf([]) };
      return { data: { ...listOf([family(body?.page === 2 ? 7 : 1)], 7), page: body?.page } };
    });
    renderAt('add');
    await screen.findByText('Family 1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Family 7')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search families'), { target: { value: 'Patel' } });
    expect(await screen.findByText('No families match your search')).toBeTruthy();
    expect(calls.filter((c) => isList(c.url)).at(-1)?.body).toMatchObject({ page: 1, search: 'Patel' });
  });

  it('deletes a family after confirmation', async () => {
    const calls = fakeServer(({ url }) => {
      if (isList(url)) return { data: listOf([family(1)]) };
      if (url.endsWith('/family/remove')) return { message: FAMILY_MESSAGES.deleted };
      return undefined;
    });
    renderAt('add');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Family 1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/family/remove'))).toMatchObject({ method: 'DELETE', body: { id: family(1)._id } }));
  });
});

describe('/family/{id}', () => {
  it('opens the family for editing and saves it with its id', async () => {
    const f = family(1);
    const calls = fakeServer(({ url }) => {
      if (url.endsWith(`/family/view/${f._id}`)) return { data: f };
      if (url.endsWith('/family/update')) return { message: FAMILY_MESSAGES.updated, data: f };
      return undefined;
    });
    renderAt(f._id);
    expect(await screen.findByRole('heading', { name: 'Family 1' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Edit family' });
    expect((within(form).getByLabelText(/^Family Name/) as HTMLInputElement).value).toBe('Family 1');
    expect(within(form).getByText('Grace Chen')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Family Name/), { target: { value: 'Chen household' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/family/update'))?.body).toEqual({
      id: f._id, name: 'Chen household', parentIds: [PARENT.value], childIds: [CHILDREN[0]!.value],
    }));
    // Saved: back to Add Family and the list.
    expect(await screen.findByRole('heading', { name: 'Add Family' })).toBeTruthy();
  });

  it('says when a family is not found', async () => {
    fakeServer(({ url }) => (url.includes('/family/view/') ? { status: 404, message: FAMILY_MESSAGES.notFound } : undefined));
    renderAt('00000000-0000-4000-8000-000000000099');
    expect(await screen.findByText('Family not found')).toBeTruthy();
  });

  it('treats a slug that is neither add nor an id as not found, without asking the server', async () => {
    const calls = fakeServer(() => undefined);
    renderAt('nonsense');
    expect(await screen.findByText('Family not found')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

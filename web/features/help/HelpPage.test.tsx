import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpArticle } from '../../../shared/contracts/help';
import { fakeServer, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import HelpPage from './HelpPage';

const TIMER: HelpArticle = {
  slug: 'practice-timer', title: 'The practice timer', topic: 'Learning', summary: 'Time your practice.',
  steps: ['Start it.', 'Stop it.'], notes: ['It runs on the server.'], links: [{ label: 'Practice', path: '/learning/practice' }],
};

afterEach(() => vi.unstubAllGlobals());

describe('HelpPage', () => {
  it('sends the search to the server and shows an empty state when nothing matches', async () => {
    sessionAs('student');
    const calls = fakeServer((call) => {
      const search = call.body?.search as string | undefined;
      return { data: search === 'xylophone' ? { results: [], totalCount: 0 } : { results: [TIMER], totalCount: 1 } };
    });
    renderWithApp(<HelpPage />, { path: '/help' });
    expect(await screen.findByRole('button', { name: 'The practice timer' })).toBeTruthy();
    expect(calls[0]).toMatchObject({ url: '/api/help/getHelpArticles', body: {} });
    fireEvent.change(screen.getByLabelText('Search help'), { target: { value: '  xylophone ' } });
    expect(await screen.findByText('No articles match')).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ search: 'xylophone' }));
  });

  it('opens an article with its steps, notes and links', async () => {
    sessionAs('student');
    const calls = fakeServer((call) => ({ data: call.url.endsWith('getHelpArticle') ? TIMER : { results: [TIMER], totalCount: 1 } }));
    renderWithApp(<HelpPage />, { path: '/help' });
    fireEvent.click(await screen.findByRole('button', { name: 'The practice timer' }));
    const steps = await screen.findByRole('list', { name: 'Steps' });
    expect(steps.textContent).toContain('Start it.');
    expect(screen.getByText('It runs on the server.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Practice' }).getAttribute('href')).toBe('/learning/practice');
    expect(calls.at(-1)?.body).toEqual({ slug: 'practice-timer' });
  });

  it('shows the server’s error for an unknown article', async () => {
    sessionAs('student');
    fakeServer(() => ({ status: 404, message: 'Help article not found' }));
    renderWithApp(<HelpPage />, { path: '/help?article=nope' });
    expect(await screen.findByText('Help article not found')).toBeTruthy();
  });
});

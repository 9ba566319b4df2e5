import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_MESSAGES as M, type DataExport } from '../../../shared/contracts/data-export';
import { fakeServer, sessionAs, type Call } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { DataExportCard } from '.';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });
afterEach(() => vi.unstubAllGlobals());

const ends = (c: Call, path: string) => c.url.endsWith(`/api/dataExport/${path}`);
const exportOf = (over: Partial<DataExport> = {}): DataExport => ({
  _id: 'e1', scope: 'school', status: 'pending', doneSteps: 0, totalSteps: 0, percent: 0, fileName: 'cadenza-export-riverside-2026-11-29.zip',
  sizeBytes: null, createdAt: '2026-11-29T22:00:00.000Z', finishedAt: null, expiresAt: null, error: null, ...over,
});

describe('DataExportCard', () => {
  it('starts the school export, shows its progress, then offers the download', async () => {
    sessionAs('admin');
    let latest: DataExport | null = null;
    const calls = fakeServer((c) => {
      if (ends(c, 'latest')) return { data: latest };
      if (ends(c, 'start')) {
        latest = exportOf({ status: 'running', doneSteps: 30, totalSteps: 60, percent: 50 });
        return { message: M.started, data: latest };
      }
      return undefined;
    });
    renderWithApp(<DataExportCard scope="school" />);
    expect(await screen.findByText('You have not made an export yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start export' }));
    await waitFor(() => expect(calls.find((c) => ends(c, 'start'))?.body).toEqual({ scope: 'school' }));
    expect(await screen.findByText('Preparing your export… 50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe('50');

    latest = exportOf({ status: 'ready', doneSteps: 60, totalSteps: 60, percent: 100, sizeBytes: 2_621_440, finishedAt: '2026-11-29T22:01:00.000Z', expiresAt: '2099-12-06T22:01:00.000Z' });
    expect(await screen.findByRole('button', { name: 'Download export' }, { timeout: patient(5000) })).toBeTruthy();
    expect(screen.getByText(/Your export is ready: cadenza-export-riverside-2026-11-29\.zip \(2\.5 MB\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a new export' })).toBeTruthy();
  });

  it('says why an export failed and offers to try again', async () => {
    sessionAs('parent');
    fakeServer((c) => (ends(c, 'latest') ? { data: exportOf({ scope: 'mine', status: 'failed', error: M.failed }) } : undefined));
    renderWithApp(<DataExportCard scope="mine" />);
    expect((await screen.findByRole('alert')).textContent).toContain(M.failed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('renders nothing, and asks nothing, for someone who may not export that scope', () => {
    sessionAs('teacher');
    const calls = fakeServer(() => undefined);
    renderWithApp(<DataExportCard scope="mine" />);
    expect(screen.queryByText(/Export your data/)).toBeNull();
    expect(calls.filter((c) => c.url.includes('dataExport'))).toEqual([]);
  });
});

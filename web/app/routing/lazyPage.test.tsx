import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../../components/AppErrorBoundary';
import { registerReloader } from '../../lib/navigation';
import { AppProviders } from '../AppProviders';
import { lazyPage, reloadOnce } from './lazyPage';

const reloadPage = vi.fn();

describe('chunk-load failures', () => {
  beforeEach(() => {
    reloadPage.mockClear();
    registerReloader(reloadPage); // jsdom cannot reload
  });

  it('reload the page once, not in a loop', () => {
    expect(reloadOnce()).toBe(true);
    expect(reloadOnce()).toBe(false);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('show the fallback when the chunk still fails after the reload', async () => {
    sessionStorage.setItem('cadenza:chunk-reload-at', String(Date.now())); // just reloaded
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <AppProviders env="test">
        <AppErrorBoundary>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </AppErrorBoundary>
      </AppProviders>,
    );
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

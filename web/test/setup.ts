/**
 * jsdom lacks the browser APIs Mantine relies on. The web project of vitest.config.ts runs this
 * before every test file (setupFiles); test files do not import it.
 */
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';
import { patient } from '../../tests/patience';

// findBy and waitFor give up after 1 s by default; niced beside the browser suite in CI
// (decision 088) a render can take longer than that without being wrong.
configure({ asyncUtilTimeout: patient(5000) });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  // Files share one module cache for libraries (isolate: false in vitest.config.ts): toasts left
  // in Mantine's store would fill the next file's screen or queue its own.
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

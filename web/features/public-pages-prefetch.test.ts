import { describe, expect, it } from 'vitest';
import { WIDGET_TEXT, WIDGETS } from '../../shared/plan-widgets-text';
import { API_BASE } from '../lib/api';
import { takePrefetched } from '../lib/prefetched';
import { PLAN_WIDGET_PATHS } from '../scripts/route-preload-plugin';
import { fakeFetch } from '../test/fakeApi';
import { preloadScriptRunner } from '../test/preloadScript';
import { PUBLIC_WIDGET_SCHOOL } from './billing/plans/widgetPublicApi';
import { SIGNUP_PLANS } from './school-plans/signup/publicApi';
import { PUBLIC_STORE_WIDGET } from './store/widget/publicApi';

const runAt = preloadScriptRunner('/assets/page.js');

/** Runs the script at `path` and answers what it posted and whether the page's key takes it, once. */
function prefetchAt(path: string, apiPath: string, body: Record<string, string>) {
  const fetchMock = fakeFetch(() => undefined);
  runAt(path);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock).toHaveBeenCalledWith(`${API_BASE}${apiPath}`, expect.objectContaining({ method: 'POST', body: JSON.stringify(body) }));
  const answer = fetchMock.mock.results[0]!.value as Promise<Response>;
  expect(takePrefetched(`${API_BASE}${apiPath}`, body)).toBe(answer);
  expect(takePrefetched(`${API_BASE}${apiPath}`, body)).toBeUndefined();
  expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/page.js"]')).not.toBeNull();
}

describe('the route-preload script on the school signup and the widgets (decision 077)', () => {
  it('asks for the school signup’s plans under the key its page takes them by', () => {
    prefetchAt('/signup/provider%201', SIGNUP_PLANS.path, { id: 'provider 1' });
  });

  it('asks for the store widget’s store, not for a plan widget’s school', () => {
    prefetchAt('/widget/store/school1', PUBLIC_STORE_WIDGET.path, { adminId: 'school1' });
  });

  it.each(WIDGETS)('asks for the %s’s school with the widget its page names', (widget) => {
    prefetchAt(`/widget/${WIDGET_TEXT[widget].publicPath}/school1`, PUBLIC_WIDGET_SCHOOL.path, { adminId: 'school1', widget });
  });

  it('knows every plan and login widget by its public path', () => {
    expect(Object.fromEntries(PLAN_WIDGET_PATHS)).toEqual(Object.fromEntries(WIDGETS.map((w) => [WIDGET_TEXT[w].publicPath, w])));
  });

  it('asks for nothing at a widget path that names no widget', () => {
    const fetchMock = fakeFetch(() => undefined);
    runAt('/widget/unknown/school1');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

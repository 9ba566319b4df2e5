import { describe, expect, it } from 'vitest';
import { WIDGET_TEXT, WIDGETS } from '../../../../shared/plan-widgets-text';
import { PLAN_WIDGET_PATHS } from '../../../scripts/route-preload-plugin';
import { fakeFetch } from '../../../test/fakeApi';
import { expectPrefetchedPost, preloadScriptRunner } from '../../../test/preloadScript';
import { PUBLIC_WIDGET_SCHOOL } from './widgetPublicApi';

const runAt = preloadScriptRunner('/assets/page.js');

describe('the route-preload script on the plan and login widgets (decision 077)', () => {
  it.each(WIDGETS)('asks for the %s’s school with the widget its page names', (widget) => {
    expectPrefetchedPost(runAt, `/widget/${WIDGET_TEXT[widget].publicPath}/school1`, PUBLIC_WIDGET_SCHOOL.path, { adminId: 'school1', widget });
  });

  it('knows every widget by its public path', () => {
    expect(Object.fromEntries(PLAN_WIDGET_PATHS)).toEqual(Object.fromEntries(WIDGETS.map((w) => [WIDGET_TEXT[w].publicPath, w])));
  });

  it('asks for nothing at a widget path that names no widget', () => {
    const fetchMock = fakeFetch(() => undefined);
    runAt('/widget/unknown/school1');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { describe, it } from 'vitest';
import { expectPrefetchedPost, preloadScriptRunner } from '../../../test/preloadScript';
import { PUBLIC_STORE_WIDGET } from './publicApi';

const runAt = preloadScriptRunner('/assets/page.js');

describe('the route-preload script on the store widget (decision 077)', () => {
  it('asks for the store under the key its page takes it by, not for a plan widget’s school', () => {
    expectPrefetchedPost(runAt, '/widget/store/school1', PUBLIC_STORE_WIDGET.path, { adminId: 'school1' });
  });
});

import { describe, it } from 'vitest';
import { expectPrefetchedPost, preloadScriptRunner } from '../../../test/preloadScript';
import { SIGNUP_PLANS } from './publicApi';

const runAt = preloadScriptRunner('/assets/page.js');

describe('the route-preload script on the school signup (decision 077)', () => {
  it('asks for the provider’s plans under the key its page takes them by', () => {
    expectPrefetchedPost(runAt, '/signup/provider%201', SIGNUP_PLANS.path, { id: 'provider 1' });
  });
});

import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../lib/api';
import { callKey, takePrefetched } from '../../lib/prefetched';
import { SIGNUP_SCHOOL_PATH } from './publicApi';
import { fakeFetch } from '../../test/fakeApi';
import { preloadScriptRunner } from '../../test/preloadScript';

const runAt = preloadScriptRunner('/assets/page.js');

describe('the route-preload script', () => {
  it('on the signup widget asks for the school under the key its page takes it by', () => {
    const fetchMock = fakeFetch(() => undefined);
    runAt('/studentSignup/school%201');

    const body = { adminId: 'school 1' };
    expect(fetchMock).toHaveBeenCalledWith(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, expect.objectContaining({ method: 'POST', body: JSON.stringify(body) }));
    const answer = fetchMock.mock.results[0]!.value as Promise<Response>;
    expect(callKey(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, body)).toBe(`/api/student/studentSignupWidget/school ${JSON.stringify(body)}`);
    expect(takePrefetched(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, body)).toBe(answer);
    // Once: a retry asks the server again.
    expect(takePrefetched(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, body)).toBeUndefined();
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/page.js"]')).not.toBeNull();
  });

  it('asks for no data on the pages that have no first call', () => {
    const fetchMock = fakeFetch(() => undefined);
    runAt('/login');
    runAt('/resetpassword/abc');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
  });
});

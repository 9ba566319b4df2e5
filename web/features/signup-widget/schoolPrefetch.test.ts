import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../lib/api';
import { callKey, takePrefetched } from '../../lib/prefetched';
import { SIGNUP_SCHOOL_PATH } from './publicApi';
import { preloadScriptRunner } from '../../test/preloadScript';

const runAt = preloadScriptRunner('/assets/page.js');

describe('the route-preload script', () => {
  it('on the signup widget asks for the school under the key its page takes it by', () => {
    const answer = Promise.resolve(new Response('{}'));
    const fetchMock = vi.fn(() => answer);
    vi.stubGlobal('fetch', fetchMock);
    runAt('/studentSignup/school%201');

    const body = { adminId: 'school 1' };
    expect(fetchMock).toHaveBeenCalledWith(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, expect.objectContaining({ method: 'POST', body: JSON.stringify(body) }));
    expect(callKey(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, body)).toBe(`/api/student/studentSignupWidget/school ${JSON.stringify(body)}`);
    expect(takePrefetched(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, body)).toBe(answer);
    // Once: a retry asks the server again.
    expect(takePrefetched(`${API_BASE}${SIGNUP_SCHOOL_PATH}`, body)).toBeUndefined();
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/page.js"]')).not.toBeNull();
  });

  it('asks for no data on the pages that have no first call', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    runAt('/login');
    runAt('/resetpassword/abc');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
  });
});

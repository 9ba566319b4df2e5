import { describe, expect, it } from 'vitest';
import { SCHOOL_SIGNUP_ROUTES } from '../../shared/contracts/school-signup';
import { fakeFetch } from '../test/fakeApi';
import { API_BASE } from './api';
import { readPublic } from './publicRead';

describe('public reads by address (decision 077)', () => {
  it('sends the body to the address without a session and answers the data', async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, message: 'Success', data: { plans: [] } }));
    expect(await readPublic(SCHOOL_SIGNUP_ROUTES.plans, { id: 'p1' })).toEqual({ plans: [] });
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe(`${API_BASE}/schoolBilling/signupPlans`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ id: 'p1' });
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });
});

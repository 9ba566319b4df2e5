import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './returnTo';

describe('safeReturnPath', () => {
  it('follows a path of this site, with its query', () => {
    expect(safeReturnPath('/plan-registration/abc123')).toBe('/plan-registration/abc123');
    expect(safeReturnPath('/paymentBilling?tab=plans')).toBe('/paymentBilling?tab=plans');
  });

  it('refuses an open redirect', () => {
    for (const evil of [
      'https://evil.example/x',
      'http://evil.example',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      '\\/evil.example',
      '/%0a/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'plan-registration/abc',
      ' /plan-registration/abc',
      '',
    ]) {
      const got = safeReturnPath(evil);
      // A refusal, or at most a path that stays on this site.
      if (got !== null) expect(new URL(got, 'https://cadenza.test').origin).toBe('https://cadenza.test');
      if (!evil.startsWith('/') || evil.startsWith('//') || evil.includes('\\') || /\s/.test(evil)) expect(got).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('does not return to the sign-in page itself', () => {
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/')).toBeNull();
  });
});

describe('loginPathReturningTo', () => {
  it('carries the path, encoded', () => {
    expect(loginPathReturningTo('/plan-registration/p1?x=1')).toBe('/login?next=%2Fplan-registration%2Fp1%3Fx%3D1');
  });

  it('drops an unsafe or pointless return-to', () => {
    expect(loginPathReturningTo('//evil.example')).toBe('/login');
    expect(loginPathReturningTo('/')).toBe('/login');
  });
});

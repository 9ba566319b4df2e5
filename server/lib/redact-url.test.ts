import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('hides the secret segment of feed, reset and verification paths, and nothing else', () => {
    expect(redactUrl('/api/scheduling/ical/abcDEF123_-xyz.ics')).toBe('/api/scheduling/ical/[redacted]');
    expect(redactUrl('/resetpassword/tok123?x=1')).toBe('/resetpassword/[redacted]?x=1');
    expect(redactUrl('/api/auth/verifyAccount/tok')).toBe('/api/auth/verifyAccount/[redacted]');
    expect(redactUrl('/api/massEmail/unsubscribe/tok-123')).toBe('/api/massEmail/unsubscribe/[redacted]');
    expect(redactUrl('/unsubscribe/tok-123')).toBe('/unsubscribe/[redacted]');
    expect(redactUrl('/api/member/students/list')).toBe('/api/member/students/list');
  });
});

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

  it('hides the signature of a signed link and a token in a query, and keeps the other parameters', () => {
    expect(redactUrl('/api/library/file/1?school=2&exp=3&sig=abc_-9&download=1')).toBe('/api/library/file/1?school=2&exp=3&sig=[redacted]&download=1');
    expect(redactUrl('/unsubscribe?token=secret#top')).toBe('/unsubscribe?token=[redacted]#top');
    expect(redactUrl('/list?signature=kept&tokens=kept')).toBe('/list?signature=kept&tokens=kept');
  });

  it("hides the pay link's token on the page and its API, and no invoice id", () => {
    const token = 'A'.repeat(40) + '_-9';
    expect(redactUrl(`/invoices/pay/${token}`)).toBe('/invoices/pay/[redacted]');
    expect(redactUrl(`/api/invoice/${token}?x=1`)).toBe('/api/invoice/[redacted]?x=1');
    expect(redactUrl('/api/invoice/payment')).toBe('/api/invoice/payment');
    expect(redactUrl('/api/invoices/0b8a3f7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe('/api/invoices/0b8a3f7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
  });
});

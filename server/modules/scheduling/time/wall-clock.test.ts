import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { isoInZone } from '../../../../shared/school-clock.js';

describe('isoInZone', () => {
  it('answers what luxon answers, across every transition of a year in zones with odd offsets', () => {
    const zones = ['America/New_York', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Europe/London', 'Pacific/Chatham'];
    for (const zone of zones) {
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 61 * 60_000 + 7_000) {
        const instant = new Date(ms - (ms % 1000));
        const expected = DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true, includeOffset: true })!;
        expect(isoInZone(instant, zone), `${zone} ${instant.toISOString()}`).toBe(expected.replace(/Z$/, '+00:00'));
      }
    }
    // Either side of New York's and St John's spring-forward instants.
    for (const [iso, zone, expected] of [
      ['2026-03-08T06:59:59Z', 'America/New_York', '2026-03-08T01:59:59-05:00'], ['2026-03-08T07:00:00Z', 'America/New_York', '2026-03-08T03:00:00-04:00'],
      ['2026-03-08T05:29:59Z', 'America/St_Johns', '2026-03-08T01:59:59-03:30'], ['2026-03-08T05:30:00Z', 'America/St_Johns', '2026-03-08T03:00:00-02:30'],
    ] as const) expect(isoInZone(new Date(iso), zone)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { requiredString, safeString, TEXT_MESSAGES } from './common.js';

describe('the one string rule', () => {
  const oneLine = safeString();
  const multiline = safeString({ multiline: true });
  const messageOf = (schema: ReturnType<typeof safeString>, value: string) => schema.safeParse(value).error?.issues[0]?.message;

  it.each([
    ['NUL', 'a\u0000b'], ['BEL', '\u0007'], ['backspace', 'a\bb'], ['vertical tab', 'a\u000bb'], ['form feed', 'a\fb'], ['ESC', '\u001b[31m'],
    ['unit separator', '\u001f'], ['DEL', '\u007f'], ['C1 NEL', '\u0085'], ['C1 CSI', '\u009b'], ['C1 APC', '\u009f'],
    ['lone high surrogate', 'a\ud800'], ['lone low surrogate', '\udc00b'],
  ])('refuses %s, one line or many', (_name, value) => {
    expect(messageOf(oneLine, value)).toBe(TEXT_MESSAGES.controlCharacters);
    expect(messageOf(multiline, value)).toBe(TEXT_MESSAGES.controlCharacters);
  });

  it.each([['tab', 'a\tb'], ['line feed', 'a\nb'], ['carriage return', 'a\r\nb'], ['line separator', 'a\u2028b']])('keeps %s out of a one-line field only', (_name, value) => {
    expect(messageOf(oneLine, value)).toBe(TEXT_MESSAGES.oneLine);
    if (value.includes('\u2028')) return;
    expect(multiline.parse(value)).toBe(value);
  });

  it('takes what people type: accents, other scripts, emoji (a surrogate pair), symbols', () => {
    for (const value of ['Zoë O’Brien-Łukasz', '李小龍', 'Ana 🎹🎻', '€ 35,00 · ½', 'Ünïcødé\u00a0space']) expect(oneLine.parse(value)).toBe(value);
  });

  it('runs before the other checks, so its message is the one a field shows', () => {
    expect(requiredString('Name is Required').max(3).safeParse('\u0000').error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlCharacters);
  });
});

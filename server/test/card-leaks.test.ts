import { describe, expect, it } from 'vitest';
import { cardSecretsIn } from './card-leaks.js';

describe('cardSecretsIn', () => {
  it('finds a card number, its first digits, and a code standing as a value', () => {
    expect(cardSecretsIn('{"cardNumber":"4111111111111111"}')).toContain('4111111111111111');
    expect(cardSecretsIn('number 411111111111 kept')).toContain('411111111111');
    expect(cardSecretsIn('{"cardCode":"901"}', { codes: ['901'] })).toEqual(['card code 901']);
    expect(cardSecretsIn('cardCode=901&zip=10024', { codes: ['901'] })).toEqual(['card code 901']);
    expect(cardSecretsIn('csv 901\n', { codes: ['901'] })).toEqual(['card code 901']);
  });

  it('finds a number as the card form takes it, in groups with spaces or dashes (decision 074)', () => {
    expect(cardSecretsIn('{"cardNo":"4111 1111 1111 1111"}')).toContain('4111 1111 1111 1111');
    expect(cardSecretsIn('cardNo=4111-1111-1111-1111')).toContain('4111-1111-1111-1111');
    expect(cardSecretsIn('typed 3782 822463 and more', { numbers: ['378282246310005'] })).toContain('3782 822463');
    expect(cardSecretsIn('last four 1111 only')).toEqual([]);
  });

  it('does not take a timestamp\'s milliseconds or a piece of a token for a code', () => {
    const text = '2026-11-26 19:22:51.901+00\t{"at":"2026-11-26T19:22:51.901Z"}\tpay-901_AbC\tx_901-y\t19:01';
    expect(cardSecretsIn(text, { codes: ['901'] })).toEqual([]);
  });
});

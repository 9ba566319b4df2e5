import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardDetails } from '../../shared/contracts/card';
import { renderWithApp } from '../test/render';
import { CardFields, EMPTY_CARD_FIELDS, type CardFieldName, type CardFieldValues } from './CardFields';

/** The component in a form of its own that checks with the shared card rule on submit, as every card form does. */
function Harness({ today }: { today?: string }) {
  const [values, setValues] = useState<CardFieldValues>(EMPTY_CARD_FIELDS);
  const [errors, setErrors] = useState<Partial<Record<CardFieldName, string>>>({});
  const [sent, setSent] = useState<string>('');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = cardDetails.safeParse(values);
        if (parsed.success) return void setSent(JSON.stringify(parsed.data));
        const found: Partial<Record<CardFieldName, string>> = {};
        for (const issue of parsed.error.issues) found[issue.path[0] as CardFieldName] ??= issue.message;
        setErrors(found);
      }}
    >
      <CardFields idPrefix="t" today={today} values={values} errors={errors} onChange={(f, v) => setValues((all) => ({ ...all, [f]: v }))} />
      <button type="submit">Pay</button>
      <output aria-label="sent">{sent}</output>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const select = (label: string) => screen.getByLabelText(label, { selector: 'select' }) as HTMLSelectElement;
const optionsOf = (el: HTMLSelectElement) => Array.from(el.options).map((o) => o.value).filter(Boolean);
const errorOf = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id))
  .find((node) => node?.className.includes('error'))?.textContent;

describe('CardFields, the one card form', () => {
  afterEach(() => vi.useRealTimers());

  it.each(['4111 1111 1111 1111', '4111-1111-1111-1111', '4111111111111111'])('takes %s as typed, shows it grouped and names Visa', (typed) => {
    renderWithApp(<Harness today="2026-11-29" />);
    fireEvent.change(input('Card number'), { target: { value: typed } });
    expect(input('Card number').value).toBe('4111 1111 1111 1111');
    expect(screen.getByText('Visa')).toBeTruthy();
  });

  it('names the brand from the first digits and groups American Express 4-6-5 with a 4-digit code', () => {
    renderWithApp(<Harness today="2026-11-29" />);
    fireEvent.change(input('Card number'), { target: { value: '5424' } });
    expect(screen.getByText('Mastercard')).toBeTruthy();
    fireEvent.change(input('Card number'), { target: { value: '' } });
    fireEvent.change(input('Card number'), { target: { value: '6011000000000012' } });
    expect(screen.getByText('Discover')).toBeTruthy();
    fireEvent.change(input('Card number'), { target: { value: '' } });
    fireEvent.change(input('Card number'), { target: { value: '378282246310005' } });
    expect(input('Card number').value).toBe('3782 822463 10005');
    expect(screen.getByText('American Express')).toBeTruthy();
    expect(input('Card code (CVV)').maxLength).toBe(4);
    expect(screen.getByText('4 digits, on the front')).toBeTruthy();
  });

  it('ties every label to its input, numeric keyboards and the cc-* autocomplete', () => {
    renderWithApp(<Harness today="2026-11-29" />);
    expect(input('Card number').inputMode).toBe('numeric');
    expect(input('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(input('Card code (CVV)').inputMode).toBe('numeric');
    expect(input('Card code (CVV)').getAttribute('autocomplete')).toBe('cc-csc');
    expect(select('Expiry month').getAttribute('autocomplete')).toBe('cc-exp-month');
    expect(select('Expiry year').getAttribute('autocomplete')).toBe('cc-exp-year');
  });

  it('lists the expiry from the current month on: this year’s months from this month, sixteen years from this one', () => {
    renderWithApp(<Harness today="2026-11-29" />);
    expect(optionsOf(select('Expiry year'))[0]).toBe('2026');
    expect(optionsOf(select('Expiry year'))).toHaveLength(16);
    expect(optionsOf(select('Expiry month'))).toHaveLength(12);
    fireEvent.change(select('Expiry year'), { target: { value: '2026' } });
    expect(optionsOf(select('Expiry month'))).toEqual(['11', '12']);
    fireEvent.change(select('Expiry year'), { target: { value: '2027' } });
    expect(optionsOf(select('Expiry month'))[0]).toBe('01');
  });

  it('forgets a month already past when this year is chosen after it', () => {
    renderWithApp(<Harness today="2026-11-29" />);
    fireEvent.change(select('Expiry month'), { target: { value: '03' } });
    fireEvent.change(select('Expiry year'), { target: { value: '2026' } });
    expect(select('Expiry month').value).toBe('');
  });

  it('reads today from the browser’s clock when the page gives none', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 4, 15, 12));
    renderWithApp(<Harness />);
    expect(optionsOf(select('Expiry year'))[0]).toBe('2031');
    fireEvent.change(select('Expiry year'), { target: { value: '2031' } });
    expect(optionsOf(select('Expiry month'))[0]).toBe('05');
  });

  it('says what is wrong in plain words, field by field, and sends the digits alone', () => {
    renderWithApp(<Harness today="2026-11-29" />);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(errorOf(input('Card number'))).toBe('Card number is required');
    expect(errorOf(input('Card code (CVV)'))).toBe('Card code (CVV) is required');
    expect(errorOf(select('Expiry month'))).toBe('Expiry month is required');
    expect(errorOf(select('Expiry year'))).toBe('Expiry year is required');

    fireEvent.change(input('Card number'), { target: { value: '1234 5678 9012 3456' } });
    fireEvent.change(input('Card code (CVV)'), { target: { value: '12a3' } });
    expect(input('Card code (CVV)').value).toBe('123');
    fireEvent.change(select('Expiry month'), { target: { value: '12' } });
    fireEvent.change(select('Expiry year'), { target: { value: '2029' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(errorOf(input('Card number'))).toBe('Enter a valid card number');

    fireEvent.change(input('Card number'), { target: { value: '' } });
    fireEvent.change(input('Card number'), { target: { value: '3782-822463-10005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(errorOf(input('Card code (CVV)'))).toBe('Enter the 4-digit card code (CVV) from the front of the card');

    fireEvent.change(input('Card code (CVV)'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(JSON.parse(screen.getByRole('status', { name: 'sent' }).textContent!)).toEqual({ cardNo: '378282246310005', expMonth: '12', expYear: '2029', cardCode: '1234' });
  });
});

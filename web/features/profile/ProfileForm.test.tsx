import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, type Profile } from '../../../shared/contracts/profile';
import { renderWithApp } from '../../test/render';
import { ProfileForm } from './ProfileForm';

const profile: Profile = {
  _id: 'u1', username: 'admin', email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin',
  role: 'admin', cellPhone: '(212) 555-0142', address1: '48 Riverside Drive', city: 'New York',
  state: 'New York', postal_code: '10024',
};

describe('ProfileForm', () => {
  it('ties every label to its input and shows a saved US number internationally', () => {
    renderWithApp(<ProfileForm profile={profile} />);
    expect((screen.getByLabelText('Cell Phone') as HTMLInputElement).value).toBe('+1 212 555 0142');
    for (const label of ['Address', 'City', 'State', 'Postal Code']) {
      expect(screen.getByLabelText(label)).toBeInstanceOf(HTMLInputElement);
    }
  });

  it('keeps the US calling code when the phone field is cleared, so a US number stays one', () => {
    renderWithApp(<ProfileForm profile={profile} />);
    const phone = screen.getByLabelText('Cell Phone') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '' } });
    expect(phone.value).toBe('+1');
    // Typing over the selected "+1" starts a US number, not "+61…" (Australia).
    fireEvent.change(phone, { target: { value: '6175550123' } });
    expect(phone.value).toBe('+1 617 555 0123');
    expect(screen.getByRole('combobox', { name: 'Cell Phone country' })).toHaveProperty('value', 'US');
  });

  it('limits the postal code to five digits typed from the keyboard', () => {
    renderWithApp(<ProfileForm profile={profile} />);
    const postal = screen.getByLabelText('Postal Code') as HTMLInputElement;
    expect(postal.maxLength).toBe(5);
    expect(fireEvent.keyDown(postal, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(postal, { key: '7' })).toBe(true);
    expect(fireEvent.keyDown(postal, { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(postal, { key: 'Enter' })).toBe(true);
  });

  it('shows the documented messages under the fields', async () => {
    renderWithApp(<ProfileForm profile={profile} />);
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Town 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PROFILE_MESSAGES.addressRequired)).toBeTruthy();
    expect(screen.getByText(PROFILE_MESSAGES.alphabetOnly)).toBeTruthy();
  });
});

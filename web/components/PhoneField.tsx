import { Input } from '@mantine/core';
import { useId, type ComponentPropsWithRef } from 'react';
import PhoneInput, { isValidPhoneNumber } from 'react-phone-number-input';
import 'react-phone-number-input/style.css';
import classes from './PhoneField.module.css';
import { DEFAULT_PHONE_COUNTRY } from '../../shared/constants';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  name?: string;
};

/**
 * The country as its ISO code ("US"). The widget's default loads each flag image from an outside
 * site, which the content security policy rightly blocks; bundling every flag would outweigh the
 * page, and flag emoji do not render on every system.
 */
function CountryCode({ country, countryName }: { country: string; countryName: string }) {
  return (
    <abbr className={classes.countryCode} title={countryName}>
      {country}
    </abbr>
  );
}

/** react-phone-number-input draws the country picker; Mantine's Input draws the text field. */
function MantineTextInput(props: Omit<ComponentPropsWithRef<'input'>, 'size'>) {
  return <Input {...props} style={{ flex: 1 }} />;
}

/**
 * An international phone number (docs/domains/members.md "Data and calls": default country US) with valid/invalid
 * styling: green once the number is valid, red while it is not.
 * The country's calling code ("+1") stays in the field and cannot be erased: otherwise clearing
 * the field drops the country, and typing a US number afresh ("617…") reads as "+61…"
 * (Australia). Another country is chosen in the country list. (The library's
 * `withCountryCallingCode` is the equivalent for its input without a country list.)
 */
export function PhoneField({ label, value, onChange, onBlur, error, required, name }: Props) {
  const id = useId();
  const filled = value.trim() !== '';
  const valid = filled && isValidPhoneNumber(value);
  return (
    <Input.Wrapper id={id} label={label} error={error} required={required}>
      <PhoneInput
        id={id}
        name={name}
        international
        countryCallingCodeEditable={false}
        defaultCountry={DEFAULT_PHONE_COUNTRY}
        countrySelectProps={{ 'aria-label': `${label} country` }}
        value={value || undefined}
        onChange={(next) => onChange(next ?? '')}
        onBlur={onBlur}
        inputComponent={MantineTextInput}
        flagComponent={CountryCode}
        error={Boolean(error) || (filled && !valid)}
        success={valid && !error}
        autoComplete="tel"
        className={classes.root}
      />
    </Input.Wrapper>
  );
}

import { Alert } from '@mantine/core';

/** The line shown instead of a card or pay button that a login-as by staff may not use (decision 069). */
export const FAMILY_CARDS_READ_ONLY = 'You are logged in as this family: their cards and payments are read-only.';

export function FamilyCardsReadOnlyNote() {
  return (
    <Alert color="gray" variant="light" role="note">
      {FAMILY_CARDS_READ_ONLY}
    </Alert>
  );
}

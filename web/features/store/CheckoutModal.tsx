import { Alert, Button, Divider, Group, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { addToOrderBody, orderAddressBody, type CartAnswer, type OrderAddressValues } from '../../../shared/contracts/store-orders';
import { CardFields, EMPTY_CARD_FIELDS, expDateOf, type CardFieldValues } from '../../components/CardFields';
import { AppModal } from '../../components/AppModal';
import { FamilyCardsReadOnlyNote } from '../../components/FamilyCardsReadOnlyNote';
import { FormFailure } from '../../components/FormParts';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useRequiredSession } from '../../lib/useSession';
import { CartTotals } from './CartTotals';
import { CheckoutCardChoice, defaultCardChoice, NEW_CARD, ProviderStoreCardNote } from './CheckoutCardChoice';
import { useAddress, useCheckoutCards, usePlaceOrder, useSaveAddress } from './orderApi';

const ADDRESS_FIELDS = [
  ['first_name', 'First Name'], ['last_name', 'Last Name'], ['address1', 'Address'], ['address2', 'Address 2'], ['city', 'City'], ['state', 'State'],
  ['postal_code', 'Postal Code'], ['country', 'Country'], ['cellPhone', 'Phone'], ['email', 'Email'],
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number][0];
type Address = Record<AddressField, string>;
const EMPTY: Address = { first_name: '', last_name: '', address1: '', address2: '', city: '', state: '', postal_code: '', country: 'US', cellPhone: '', email: '' };
const newKey = () => crypto.randomUUID();

/** Step 1: the address kept per user (prefilled from the last one). */
function AddressStep({ onSaved }: { onSaved: () => void }) {
  const kept = useAddress(true);
  const save = useSaveAddress();
  const [values, setValues] = useState<Address>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    const a = kept.data;
    if (a) setValues({ ...a, address2: a.address2 ?? '' });
  }, [kept.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const payload: OrderAddressValues = { ...values, address2: values.address2 || null };
    const checked = orderAddressBody.safeParse(payload);
    if (!checked.success) {
      const found: Partial<Record<AddressField, string>> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0]) as AddressField] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(payload, {
      onSuccess: onSaved,
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.errors).length > 0) setErrors(err.errors as Partial<Record<AddressField, string>>);
        else setFailure(errorMessage(err));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Shipping address">
      <Stack gap="md">
        <Title order={3} size="h4">1. Shipping address</Title>
        <FormFailure message={failure} title="Could not save the address" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {ADDRESS_FIELDS.map(([name, label], i) => (
            <TextInput key={name} label={label} required={name !== 'address2'} value={values[name]} error={errors[name]} data-autofocus={i === 0 || undefined}
              inputMode={name === 'cellPhone' ? 'tel' : name === 'email' ? 'email' : undefined}
              onChange={(e) => { const v = e.currentTarget.value; setValues((all) => ({ ...all, [name]: v })); }} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end"><Button type="submit" loading={save.isPending}>Continue to payment</Button></Group>
      </Stack>
    </form>
  );
}

/** The payload's field a message belongs under: the expiry's under its month. */
const cardFieldOf = (path: string) => (path === 'expDate' ? 'expMonth' : path);
const fieldErrorsOf = (errors: Record<string, string>) => {
  const found: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) found[cardFieldOf(path)] ??= message;
  return found;
};

/**
 * Step 2: a saved card (the school's store only; the default one first chosen) or a new card, and
 * the order placed once. Buyers who keep no cards (staff, a student whose parent pays) get an
 * empty list, and a list that cannot load leaves the new card: the order can still be placed.
 */
function PaymentStep({ cart, onBack, onPlaced }: { cart: CartAnswer; onBack: () => void; onPlaced: (orderId: string) => void }) {
  const place = usePlaceOrder();
  // Staff logged in as a buyer may not check out in their name (decision 069).
  const { usesFamilyCards } = useRequiredSession().user.permissions;
  const schoolStore = cart.store === 'school';
  const savedCards = useCheckoutCards(schoolStore);
  const cards = savedCards.data ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = choice ?? defaultCardChoice(cards);
  const [card, setCard] = useState<CardFieldValues>(EMPTY_CARD_FIELDS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // One key a checkout attempt: a double click or a retry of the same attempt is charged once.
  const [key, setKey] = useState(newKey);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setErrors({});
    let body: { cardId: string } | { cardNo: string; expDate: string; cardCode: string } = { cardId: chosen };
    if (chosen === NEW_CARD) {
      // A new card: the card rule the server runs (shared/contracts/card.ts), before anything is
      // sent; the gateway is sent the digits alone (decision 074), and the server reads them so too.
      const typed = { cardNo: card.cardNo, expDate: expDateOf(card.expMonth, card.expYear), cardCode: card.cardCode };
      const checked = addToOrderBody.safeParse({ idempotencyKey: key, ...typed });
      if (!checked.success) {
        const found: Record<string, string> = {};
        for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
        return setErrors(fieldErrorsOf(found));
      }
      body = { ...typed, cardNo: checked.data.cardNo ?? '' };
    }
    place.mutate({ idempotencyKey: key, ...body }, {
      onSuccess: (r) => { notifySuccess(r.message); onPlaced(r.data.order._id); },
      onError: (err) => {
        // A refused attempt is over: the next submit is a new attempt with a new key.
        if (err instanceof ApiError && err.status !== 503) setKey(newKey());
        if (err instanceof ApiError && Object.keys(err.errors).length > 0) setErrors(fieldErrorsOf(err.errors));
        else setFailure(errorMessage(err));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Payment">
      <Stack gap="md">
        <Title order={3} size="h4">2. Payment</Title>
        <FormFailure message={failure} title="The order was not placed" />
        {!usesFamilyCards && <FamilyCardsReadOnlyNote />}
        {!schoolStore && <ProviderStoreCardNote />}
        {schoolStore && savedCards.isPending ? (
          <Skeleton h={96} role="status" aria-busy="true" aria-label="Loading your saved cards" />
        ) : (
          <>
            {cards.length > 0 && <CheckoutCardChoice cards={cards} value={chosen} onChange={setChoice} error={errors.cardId} />}
            {chosen === NEW_CARD && (
              <CardFields idPrefix="checkout" autoFocus values={card} errors={errors}
                onChange={(name, v) => { setCard((all) => ({ ...all, [name]: v })); setErrors(({ [name]: _, ...rest }) => rest); }} />
            )}
          </>
        )}
        <Divider />
        <CartTotals cart={cart} label="Order totals" />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={place.isPending}>Back</Button>
          <Button type="submit" loading={place.isPending} disabled={!usesFamilyCards || (schoolStore && savedCards.isPending)}>Place order</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Checkout in two steps: the address kept per user, then the card; the order opens once placed. */
export function CheckoutModal({ opened, cart, onClose }: { opened: boolean; cart: CartAnswer | undefined; onClose: () => void }) {
  const [step, setStep] = useState<1 | 2>(1);
  const navigate = useNavigate();
  useEffect(() => { if (opened) setStep(1); }, [opened]);
  return (
    <AppModal opened={opened} onClose={onClose} title="Checkout" size="lg">
      {!cart || cart.results.length === 0 ? (
        <Alert color="gray" variant="light">Your cart is empty.</Alert>
      ) : step === 1 ? (
        <AddressStep onSaved={() => setStep(2)} />
      ) : (
        <PaymentStep cart={cart} onBack={() => setStep(1)} onPlaced={(id) => { onClose(); void navigate(`/stores/order-details/${id}`); }} />
      )}
    </AppModal>
  );
}

import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { cardLabel } from '../../../../shared/billing-family-text';
import type { SavedCard } from '../../../../shared/contracts/billing-family';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { QueryError } from '../../../components/QueryError';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { AddCardModal } from './AddCardModal';
import { useCardList, useMakeDefaultCard, useRemoveCard } from './api';


function CardRow({ card, mayChange, onRemove }: { card: SavedCard; mayChange: boolean; onRemove: () => void }) {
  const makeDefault = useMakeDefaultCard();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap="sm" wrap="nowrap">
        <IconCreditCard size={22} aria-hidden style={{ flex: 'none' }} />
        <div>
          <Text fw={500}>{cardLabel(card)}</Text>
          <Text size="sm" c={card.expired ? 'red.8' : 'dimmed'}>
            {card.expired ? 'Expired' : 'Expires'} {card.expMonth}/{card.expYear}
            {!card.mine && ` · ${card.owner.first_name} ${card.owner.last_name}’s card`}
          </Text>
        </div>
        {card.isDefault && (
          <Badge variant="light" color="teal" c="dark.7">
            Default
          </Badge>
        )}
      </Group>
      {mayChange && (
        <Group gap="xs">
          {!card.isDefault && (
            <Button
              variant="light"
              size="xs"
              loading={makeDefault.isPending}
              aria-label={`Make ${cardLabel(card)} the default`}
              onClick={() =>
                makeDefault.mutate(card.cardId, {
                  onSuccess: (r) => notifySuccess(r.message),
                  onError: (e) => notifyError(errorMessage(e)),
                })
              }
            >
              Make default
            </Button>
          )}
          <Button variant="subtle" color="red" size="xs" aria-label={`Remove ${cardLabel(card)}`} onClick={onRemove}>
            Remove
          </Button>
        </Group>
      )}
    </Group>
  );
}

type Props = {
  /** Staff name the student whose payer's cards they read; a payer sees their own. */
  studentId: string | null;
  /** The caller keeps these cards (a payer); staff only read. */
  mayChange: boolean;
};

/** Saved cards (docs/domains/billing.md "Data and calls"'s cardList, addToCard, removeCard), one of them the default. */
export function SavedCardsCard({ studentId, mayChange }: Props) {
  const cards = useCardList(studentId);
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);

  let body;
  if (cards.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading saved cards">
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    );
  } else if (cards.isError) {
    body = <QueryError error={cards.error} onRetry={() => void cards.refetch()} title="Could not load the saved cards" />;
  } else if (cards.data.results.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {mayChange ? 'No saved cards yet. Save one to pay in a click and to use autopay.' : 'No saved cards.'}
      </Text>
    );
  } else {
    body = (
      <Stack gap={0}>
        {cards.data.results.map((card) => (
          <CardRow key={card.cardId} card={card} mayChange={mayChange && card.mine} onRemove={() => setRemoving(card)} />
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="saved-cards-title">
      <Group justify="space-between" mb="sm">
        <Title id="saved-cards-title" order={2} size="h4">
          Saved cards
        </Title>
        {mayChange && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            Add card
          </Button>
        )}
      </Group>
      {body}
      {mayChange && (
        <>
          <AddCardModal opened={adding} onClose={() => setAdding(false)} hasCards={(cards.data?.results.length ?? 0) > 0} />
          <ConfirmModal
            opened={removing !== null}
            onClose={() => setRemoving(null)}
            title="Remove card"
            confirmLabel="Remove"
            loading={remove.isPending}
            onConfirm={() =>
              removing &&
              remove.mutate(removing.cardId, {
                onSuccess: (r) => {
                  notifySuccess(r.message);
                  setRemoving(null);
                },
                onError: (e) => notifyError(errorMessage(e)),
              })
            }
          >
            {removing ? `Remove ${cardLabel(removing)}? It can no longer pay invoices or autopay.` : ''}
          </ConfirmModal>
        </>
      )}
    </Card>
  );
}

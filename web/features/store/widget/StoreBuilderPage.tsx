import { ActionIcon, Anchor, Badge, Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { STORE_WIDGET_MAX, type StoreWidgetChoice } from '../../../../shared/contracts/store-widget';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatDollars } from '../../../../shared/money';
import { useSaveStoreWidget, useStoreWidget } from './api';

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function ChosenRow({ item, index, count, onMove, onRemove }: {
  item: StoreWidgetChoice; index: number; count: number; onMove: (to: number) => void; onRemove: () => void;
}) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>{index + 1}.</Text>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={500} truncate>{item.item_name}</Text>
          <Group gap="xs">
            <Text size="sm">{formatDollars(item.item_price)}</Text>
            {item.inStock ? <Badge color="teal" variant="light" c="dark.7">In stock</Badge> : <Badge color="red" variant="light" c="dark.7">Out of stock</Badge>}
          </Group>
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" size="lg" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`Move ${item.item_name} up`}><IconArrowUp size={18} /></ActionIcon>
        <ActionIcon variant="subtle" size="lg" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={`Move ${item.item_name} down`}><IconArrowDown size={18} /></ActionIcon>
        <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={`Remove ${item.item_name}`}><IconTrash size={18} /></ActionIcon>
      </Group>
    </Group>
  );
}

/**
 * /studentbilling/storebuilder (admin alone): which of the school's products the store widget
 * shows, and in which order. Changes stay on the page until Save.
 */
export default function StoreBuilderPage() {
  const state = useStoreWidget();
  const save = useSaveStoreWidget();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const saved = useMemo(() => state.data?.chosen.map((i) => i._id) ?? [], [state.data]);
  useEffect(() => { setChosen(saved); }, [saved]);

  const byId = useMemo(() => new Map((state.data?.available ?? []).map((c) => [c._id, c])), [state.data]);
  const list = chosen ?? saved;
  const dirty = list.join() !== saved.join();
  const options = (state.data?.available ?? []).filter((c) => !list.includes(c._id)).map((c) => ({ value: c._id, label: `${c.item_name} (${formatDollars(c.item_price)})` }));
  const full = list.length >= STORE_WIDGET_MAX;

  const addPicked = () => {
    if (!picked || full) return;
    setChosen([...list, picked]);
    setPicked(null);
  };
  const onSave = () => save.mutate(list, {
    onSuccess: (r) => notifySuccess(r.message),
    onError: (e) => notifyError(errorMessage(e)),
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Store Builder"
        subtitle="Choose the products your store widget shows on your website, and their order."
        actions={<Anchor component={Link} to="/studentbilling/storewidget">Get the widget’s link and snippet</Anchor>}
      />
      {state.isPending ? <Skeleton h={240} radius="md" role="status" aria-label="Loading the store widget" /> : state.isError ? (
        <QueryError error={state.error} onRetry={() => void state.refetch()} title="Could not load the store widget" />
      ) : (
        <>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="store-builder-add">
            <Title id="store-builder-add" order={2} size="h4" mb="sm">Add a product</Title>
            {state.data.available.length === 0 ? (
              <Text size="sm" c="dimmed">Your store has no products yet. <Anchor component={Link} to="/stores/product-listing">Add products</Anchor> first.</Text>
            ) : (
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label="Product" placeholder={options.length ? 'Choose a product' : 'Every product is chosen'} data={options} value={picked} onChange={setPicked}
                  searchable clearable nothingFoundMessage="No product of that name" disabled={options.length === 0 || full} style={{ flex: '1 1 240px' }}
                />
                <Button leftSection={<IconPlus size={16} />} onClick={addPicked} disabled={!picked || full}>Add</Button>
              </Group>
            )}
            {full && <Text size="sm" c="dimmed" mt="xs">The widget shows at most {STORE_WIDGET_MAX} products.</Text>}
          </Card>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="store-builder-chosen">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title id="store-builder-chosen" order={2} size="h4">In the widget ({list.length} of {STORE_WIDGET_MAX})</Title>
              <Group gap="xs">
                <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setChosen(saved)}>Undo changes</Button>
                <Button onClick={onSave} loading={save.isPending} disabled={!dirty}>Save</Button>
              </Group>
            </Group>
            {list.length === 0 ? (
              <Text size="sm" c="dimmed">No products chosen yet: the widget says the store has nothing to show. Add products above.</Text>
            ) : (
              <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Products in the widget">
                {list.map((id, index) => {
                  const item = byId.get(id);
                  return item ? (
                    <ChosenRow key={id} item={item} index={index} count={list.length}
                      onMove={(to) => setChosen(move(list, index, to))} onRemove={() => setChosen(list.filter((x) => x !== id))} />
                  ) : null;
                })}
              </Stack>
            )}
            {dirty && <Text size="sm" c="orange.9" mt="sm" role="status">Unsaved changes: Save to show them in the widget.</Text>}
          </Card>
        </>
      )}
    </Stack>
  );
}

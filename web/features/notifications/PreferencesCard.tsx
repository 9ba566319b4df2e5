import { Button, Card, Checkbox, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CATEGORY_FACTS, type ChannelPreference } from '../../../shared/contracts/notification-preferences';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api';

const CHANNELS = [['inApp', 'In the app'], ['email', 'By email'], ['push', 'By push']] as const;

/** Each kind of news the person's role has, and how it reaches them (decision 083); saved at once with one button. */
export function PreferencesCard() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<ChannelPreference[]>([]);
  useEffect(() => { if (prefs.data) setDraft(prefs.data.preferences); }, [prefs.data]);
  if (prefs.isPending) return <Skeleton h={160} radius="md" role="status" aria-label="Loading notification preferences" />;
  if (prefs.isError) return <QueryError error={prefs.error} onRetry={() => void prefs.refetch()} title="Could not load your notification preferences" />;
  const change = (category: ChannelPreference['category'], channel: 'inApp' | 'email' | 'push', on: boolean) =>
    setDraft((list) => list.map((p) => (p.category === category ? { ...p, [channel]: on } : p)));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="notification-preferences-title">
      <Title id="notification-preferences-title" order={2} size="h4" mb="xs">What reaches you, and how</Title>
      <Text size="sm" c="dimmed" mb="md">Leave all three off for news you do not want.</Text>
      <Stack gap="md">
        {draft.map((p) => (
          <fieldset key={p.category} style={{ border: 0, margin: 0, padding: 0 }}>
            <Text component="legend" fw={600} size="sm">{CATEGORY_FACTS[p.category].label}</Text>
            <Text size="xs" c="dimmed" mb={4}>{CATEGORY_FACTS[p.category].description}</Text>
            <Group gap="lg" wrap="wrap">
              {CHANNELS.map(([channel, label]) => (
                <Checkbox key={channel} label={label} aria-label={`${CATEGORY_FACTS[p.category].label}: ${label.toLowerCase()}`}
                  checked={p[channel]} onChange={(e) => change(p.category, channel, e.currentTarget.checked)} />
              ))}
            </Group>
          </fieldset>
        ))}
        <Group>
          <Button loading={save.isPending} onClick={() => save.mutate(draft, {
            onSuccess: (result) => notifySuccess(result.message),
            onError: (error) => notifyError(errorMessage(error)),
          })}>Save preferences</Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { Alert, Card, Skeleton, Switch, Text, Title } from '@mantine/core';
import { WEB_PUSH_MESSAGES } from '../../../shared/contracts/web-push';
import { QueryError } from '../../components/QueryError';
import { ApiError, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { PushPermissionError } from './browserPush';
import { usePushDevice, useSetPushDevice } from './usePushDevice';

export const PUSH_SWITCH_LABEL = 'Push notifications on this device';
export const PUSH_TEXT = {
  about: 'Lesson changes, messages and other notifications pop up on this device, even when Cadenza is closed.',
  unsupported: 'This browser cannot receive push notifications. Use a current Chrome, Edge, Firefox or Safari (on an iPhone or iPad, add Cadenza to the Home Screen first).',
  blocked: 'Notifications are blocked for this site in your browser. Allow them in the site settings (the icon beside the address), then reload this page.',
  dismissed: 'Push notifications stay off: the browser was not allowed to show them.',
  serviceFailed: 'This browser could not reach its push service, so push notifications stay off. Please try again later.',
} as const;

function failureText(error: unknown): string {
  if (error instanceof PushPermissionError) return error.permission === 'denied' ? PUSH_TEXT.blocked : PUSH_TEXT.dismissed;
  // The browser's own failure (its push service unreachable) is a DOMException; ours are ApiErrors.
  return error instanceof ApiError ? errorMessage(error) : PUSH_TEXT.serviceFailed;
}

/** The signed-in person's switch for push on this browser (issue 14): asks permission, subscribes, registers. */
export function PushDeviceSwitch({ userId }: { userId: string }) {
  const device = usePushDevice(userId);
  const save = useSetPushDevice(userId);
  const toggle = (on: boolean) =>
    save.mutate(on, {
      onSuccess: (state) => notifySuccess(state.on ? WEB_PUSH_MESSAGES.registered : WEB_PUSH_MESSAGES.removed),
      onError: (error) => notifyError(failureText(error)),
    });
  const support = device.data?.support;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="push-title">
      <Title id="push-title" order={2} size="h3" mb="xs">
        Push notifications
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {PUSH_TEXT.about}
      </Text>
      {device.isPending ? (
        <Skeleton h={24} w={260} role="status" aria-label="Loading push notification setting" />
      ) : device.isError ? (
        <QueryError error={device.error} onRetry={() => void device.refetch()} title="Could not check push notifications on this device" />
      ) : (
        <>
          <Switch
            label={PUSH_SWITCH_LABEL}
            checked={save.isPending ? (save.variables ?? device.data.on) : device.data.on}
            disabled={save.isPending || support === 'unsupported' || support === 'denied'}
            onChange={(event) => toggle(event.currentTarget.checked)}
          />
          {(support === 'unsupported' || support === 'denied') && (
            <Alert mt="md" color="yellow" variant="light" role="status">
              {support === 'unsupported' ? PUSH_TEXT.unsupported : PUSH_TEXT.blocked}
            </Alert>
          )}
        </>
      )}
    </Card>
  );
}

import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

type FailureProps = {
  /** Nothing shows without one. */
  message: string | null;
  /** With a title the alert heads the form ("Could not save"); without, it is announced as an alert. */
  title?: string;
};

/** A form's failure that belongs to no one field (the fields carry their own messages). */
export function FormFailure({ message, title }: FailureProps) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role={title ? undefined : 'alert'}>
      {message}
    </Alert>
  );
}

type ActionsProps = {
  /** Without it there is no Cancel button (a form that stays on its page). */
  onCancel?: () => void;
  pending: boolean;
  submitLabel: string;
};

/** A form's Cancel and submit buttons, at its end; both wait while it saves. */
export function FormActions({ onCancel, pending, submitLabel }: ActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}

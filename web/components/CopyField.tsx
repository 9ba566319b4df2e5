import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A read-only value with its Copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Button variant={copied ? 'light' : 'default'} color={copied ? 'green' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

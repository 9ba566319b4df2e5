import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconSend, IconTestPipe } from '@tabler/icons-react';
import { confirmSendQuestion, type PreviewAnswer } from '../../../shared/contracts/communication';
import { AppModal } from '../../components/AppModal';

type Props = {
  preview: PreviewAnswer | null;
  onClose: () => void;
  /** Another recipient's copy. */
  onChooseRecipient: (recipientId: string) => void;
  choosing: boolean;
  onTest: () => void;
  testing: boolean;
  /** The real send, with the count the sender confirmed. */
  onSend: (confirmedCount: number) => void;
  sending: boolean;
};

const peopleOf = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/**
 * The safety net before a group send (docs/decisions/084-group-email-safety-net.md): one real
 * recipient's copy, a test to oneself, and the question with the count. The send is its last button.
 */
export function ReviewModal({ preview, onClose, onChooseRecipient, choosing, onTest, testing, onSend, sending }: Props) {
  const p = preview;
  return (
    <AppModal opened={p !== null} onClose={onClose} title="Review before sending" size="xl">
      {p && (
        <Stack gap="md">
          <Select
            label="Preview as"
            description={`The message as this recipient gets it, merge fields filled.${p.choices.length < p.count ? ` The first ${p.choices.length} recipients by name.` : ''}`}
            data={p.choices.map((c) => ({ value: c._id, label: `${c.name} (${c.email})` }))}
            value={p.recipient._id}
            onChange={(id) => { if (id && id !== p.recipient._id) onChooseRecipient(id); }}
            searchable
            allowDeselect={false}
            disabled={choosing}
          />
          <Paper withBorder radius="md" p="md" component="article" aria-label="Preview of the email" aria-busy={choosing}>
            <Stack gap="xs">
              <Text size="sm"><b>To:</b> {p.recipient.name} &lt;{p.recipient.email}&gt;</Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}><b>Subject:</b> {p.subject}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{p.text}</Text>
            </Stack>
          </Paper>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>A test goes to you alone, as {p.recipient.name}'s copy.</Text>
            <Button variant="default" leftSection={<IconTestPipe size={16} />} onClick={onTest} loading={testing}>
              Send a test to me
            </Button>
          </Group>
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-blue-light)">
            <Stack gap="sm">
              <Text fw={700} role="status">{confirmSendQuestion(p.count)}</Text>
              {p.unsubscribed > 0 && <Text size="sm">{p.unsubscribed} unsubscribed from group email and are left out.</Text>}
              <Group gap="sm" justify="flex-end">
                <Button variant="default" onClick={onClose}>Back</Button>
                <Button leftSection={<IconSend size={16} />} onClick={() => onSend(p.count)} loading={sending} disabled={choosing}>
                  Send to {peopleOf(p.count)}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      )}
    </AppModal>
  );
}

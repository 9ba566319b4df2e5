import { Badge, Button, EmptyState, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconCheck, IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { SIGNUP_MESSAGES, type SignupItem, type SignupStatus } from '../../../shared/contracts/signup-widget';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListCard, ListTable } from '../../components/ListTable';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { SIGNUPS_PAGE_SIZE, useApproveSignup, useDeclineSignup, useSignupList } from './api';
import { LEVEL_LABELS } from './levels';
import { SignupWidgetCard } from './SignupWidgetCard';

const TABS: { value: SignupStatus; label: string; count: 'pendingCount' | 'approvedCount' | 'declinedCount' }[] = [
  { value: 'pending', label: 'Pending', count: 'pendingCount' },
  { value: 'approved', label: 'Approved', count: 'approvedCount' },
  { value: 'declined', label: 'Declined', count: 'declinedCount' },
];
const COLUMNS = ['Name', 'Email', 'Phone', 'Instruments', 'Signed up'] as const;

const EMPTY_TEXT: Record<SignupStatus, { title: string; description: string }> = {
  pending: { title: 'No new widget students', description: 'Signups from your signup widget appear here for you to approve or decline.' },
  approved: { title: 'No approved signups yet', description: 'Students you approve from the widget are listed here.' },
  declined: { title: 'No declined signups', description: 'Signups you decline are kept here as a record.' },
};

type Deciding = { kind: 'approve' | 'decline'; signup: SignupItem } | null;

/** What they chose: instruments with levels, and the plan they signed up for in the plan widget. */
function Instruments({ signup }: { signup: SignupItem }) {
  if (signup.instruments.length === 0 && !signup.plan) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Group gap={4}>
      {signup.instruments.map((i) => (
        <Badge key={i.genreId._id} variant="light" tt="none">
          {i.genreId.name} · {LEVEL_LABELS[i.level]}
        </Badge>
      ))}
      {signup.plan && <Badge variant="light" color="grape" tt="none">Plan: {signup.plan.planName}</Badge>}
    </Group>
  );
}

function DecisionModal({ deciding, onClose }: { deciding: Deciding; onClose: () => void }) {
  const approve = useApproveSignup();
  const decline = useDeclineSignup();
  const mutation = deciding?.kind === 'decline' ? decline : approve;
  const name = deciding ? fullName(deciding.signup) : '';
  const confirm = () => {
    if (!deciding) return;
    mutation.mutate(deciding.signup._id, {
      onSuccess: (result) => {
        notifySuccess(result.message || (deciding.kind === 'approve' ? SIGNUP_MESSAGES.approved : SIGNUP_MESSAGES.declined));
        onClose();
      },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };
  const declining = deciding?.kind === 'decline';
  return (
    <ConfirmModal
      opened={deciding !== null}
      onClose={onClose}
      title={declining ? 'Decline signup' : 'Approve signup'}
      onConfirm={confirm}
      loading={mutation.isPending}
      confirmLabel={declining ? 'Decline' : 'Approve'}
      danger={declining}
    >
      {declining
        ? `Decline the signup of ${name}? No account is made; the signup stays in the Declined tab.`
        : `Approve ${name} as a student? Their account is created and ${deciding?.signup.email} receives an invitation to set a password.`}
    </ConfirmModal>
  );
}

/** New Widget Students (docs/domains/members.md "Screens and routes", admin and subadmin): signups from the public widget. */
export default function ApprovedStudentsPage() {
  const { user } = useRequiredSession();
  const [status, setStatus] = useState<SignupStatus>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const list = useSignupList({ status, page });
  // Approving the last row of a page leaves it empty: it steps back to the last page with rows.
  const { results, totalPages } = usePagedResults(list.data, SIGNUPS_PAGE_SIZE, page, setPage);
  const pending = status === 'pending';
  const columns = pending ? [...COLUMNS, 'Actions'] : [...COLUMNS, 'Decided'];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        New Widget Students
      </Title>
      {user.adminId && <SignupWidgetCard adminId={user.adminId} />}

      <ListCard>
        <Tabs
          value={status}
          onChange={(v) => {
            if (!v) return;
            setStatus(v as SignupStatus);
            setPage(1);
          }}
        >
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
                {list.data && ` (${list.data[tab.count]})`}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>

        <ListTable
          query={list}
          rowCount={results.length}
          columns={columns}
          errorTitle="Could not load the signups"
          empty={<EmptyState icon={<IconUserPlus size={28} />} title={EMPTY_TEXT[status].title} description={EMPTY_TEXT[status].description} />}
          minWidth={860}
          label={`${TABS.find((t) => t.value === status)!.label} signups`}
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((s) => (
            <Table.Tr key={s._id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {fullName(s)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {s.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {s.cellPhone}
                </Text>
              </Table.Td>
              <Table.Td>
                <Instruments signup={s} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{new Date(s.createdAt).toLocaleDateString()}</Text>
              </Table.Td>
              <Table.Td>
                {pending ? (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => setDeciding({ kind: 'approve', signup: s })} aria-label={`Approve ${fullName(s)}`}>
                      Approve
                    </Button>
                    <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} />} onClick={() => setDeciding({ kind: 'decline', signup: s })} aria-label={`Decline ${fullName(s)}`}>
                      Decline
                    </Button>
                  </Group>
                ) : (
                  <Text size="sm">{s.decidedAt ? new Date(s.decidedAt).toLocaleDateString() : '—'}</Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListCard>
      <DecisionModal deciding={deciding} onClose={() => setDeciding(null)} />
    </Stack>
  );
}

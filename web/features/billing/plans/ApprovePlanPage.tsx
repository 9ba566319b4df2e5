import { Button, EmptyState, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PLAN_PERIOD_LABELS, type SubscriptionItem, type SubscriptionList } from '../../../../shared/contracts/student-plans';
import { ListCard, ListTable } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePagedResults } from '../../../lib/useListState';
import { calendarDate } from '../reports/format';
import { PLAN_PAGE_SIZE, useAnswerRequest, useRequestList } from './api';
import { SubscriptionStatusBadge } from './SubscriptionStatusBadge';
import { formatDollars } from '../../../../shared/money';

function Row({ item, waiting }: { item: SubscriptionItem; waiting: boolean }) {
  const answer = useAnswerRequest();
  const name = fullName(item.student);
  const send = (approve: boolean) => answer.mutate({ subscriptionId: item._id, approve }, {
    onSuccess: (r) => notifySuccess(r.message),
    onError: (e) => notifyError(errorMessage(e)),
  });
  return (
    <Table.Tr>
      <Table.Td><Text size="sm" fw={500}>{name}</Text></Table.Td>
      <Table.Td>
        <Text size="sm">{item.plan.planName}</Text>
        <Text size="xs" c="dimmed">{item.plan.price === 0 ? 'Free' : `${formatDollars(item.plan.price)} ${PLAN_PERIOD_LABELS[item.plan.billingPeriod].toLowerCase()}`}</Text>
      </Table.Td>
      <Table.Td><Text size="sm">{calendarDate(item.requestedAt.slice(0, 10))}</Text></Table.Td>
      <Table.Td><Text size="sm">{item.card ?? '—'}</Text></Table.Td>
      <Table.Td>
        {waiting ? <SubscriptionStatusBadge status={item.status} /> : (
          <Stack gap={2}>
            <SubscriptionStatusBadge status={item.status} />
            {item.nextChargeOn && <Text size="xs" c="dimmed">Next charge {calendarDate(item.nextChargeOn)}</Text>}
            {item.endsOn && <Text size="xs" c="dimmed">Ends {calendarDate(item.endsOn)}</Text>}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        {waiting && (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" loading={answer.isPending && answer.variables?.approve} aria-label={`Approve ${item.plan.planName} for ${name}`} onClick={() => send(true)}>Approve</Button>
            <Button size="xs" variant="subtle" color="red" aria-label={`Decline ${item.plan.planName} for ${name}`} disabled={answer.isPending} onClick={() => send(false)}>Decline</Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /studentbilling/approveplan (admin): the requests waiting for approval and the approved plans.
 * Approving starts the plan: its invoices come from the recurring billing and autopay charges them.
 */
export default function ApprovePlanPage() {
  const [list, setListRaw] = useState<SubscriptionList>('waiting');
  const [page, setPage] = useState(1);
  const requests = useRequestList(list, page);
  const { results, totalPages } = usePagedResults(requests.data, PLAN_PAGE_SIZE, page, setPage);
  const waiting = list === 'waiting';
  const setList = (value: string) => { setListRaw(value === 'approved' ? 'approved' : 'waiting'); setPage(1); };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Approve Plan"
        subtitle={requests.data ? `${requests.data.waitingCount} waiting, ${requests.data.approvedCount} approved` : 'Plans students and parents asked for.'}
        actions={<Button component={Link} to="/studentbilling/planbuilder" variant="default">Plan Builder</Button>}
      />
      <SegmentedControl
        aria-label="Which requests"
        value={list}
        onChange={setList}
        data={[{ value: 'waiting', label: 'Waiting list' }, { value: 'approved', label: 'Approved list' }]}
        w="fit-content"
      />
      <ListCard>
        <ListTable
          query={requests}
          rowCount={results.length}
          columns={['Student', 'Plan', 'Asked on', 'Card', 'Status', 'Actions']}
          errorTitle="Could not load the plan requests"
          empty={
            <EmptyState
              icon={<IconChecklist size={28} />}
              title={waiting ? 'No request is waiting' : 'No approved plans yet'}
              description={waiting ? 'When a student or parent asks for a plan, it waits here for you.' : 'Approved plans show here with their next charge.'}
            />
          }
          minWidth={820}
          label={waiting ? 'Waiting list' : 'Approved list'}
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((item) => <Row key={item._id} item={item} waiting={waiting} />)}
        </ListTable>
      </ListCard>
    </Stack>
  );
}

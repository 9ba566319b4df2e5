import { Button, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconArrowsExchange, IconCalendarPlus, IconLink, IconMail, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { SchoolBooking } from '../../../shared/contracts/school-plans';
import { AppModal } from '../../components/AppModal';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ListFilters, SearchInput } from '../../components/ListFilters';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { RowAction, RowActions } from '../../components/RowActions';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useListState, usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { MerchantCard } from '../schools';
import { PLAN_PAGE_SIZE, useBookings, useCancelBooking } from './api';
import { BookingStatusBadge } from './BookingStatusBadge';
import { BookPlanForm } from './BookPlanForm';
import { ChangePlanModal, type PlanAction } from './ChangePlanModal';
import { dayLabel, planPrice } from './format';

function Row({ booking, onAction, onCancel }: { booking: SchoolBooking; onAction: (kind: 'change' | 'offer') => void; onCancel: () => void }) {
  const open = booking.status !== 'cancelled';
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>{booking.school_name}</Text>
        <Text size="xs" c="dimmed">{booking.owner.first_name} {booking.owner.last_name}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{booking.plan.planName}</Text>
        <Text size="xs" c="dimmed">{planPrice(booking.plan)}</Text>
      </Table.Td>
      <Table.Td><Text size="sm">{booking.paymentMethod === 'card' && booking.card ? `${booking.card.brand} ${booking.card.last4}` : booking.plan.isFree ? 'Free' : 'Invoice'}</Text></Table.Td>
      <Table.Td><Text size="sm">{booking.cancelAtPeriodEnd ? `Ends ${dayLabel(booking.renewsOn)}` : dayLabel(booking.renewsOn)}</Text></Table.Td>
      <Table.Td><BookingStatusBadge booking={booking} /></Table.Td>
      <Table.Td>
        {open && (
          <RowActions>
            <RowAction label="Change plan" ariaLabel={`Change the plan of ${booking.school_name}`} icon={<IconArrowsExchange size={18} />} onClick={() => onAction('change')} />
            <RowAction label="Send upgrade offer" ariaLabel={`Email ${booking.school_name} an upgrade offer`} icon={<IconMail size={18} />} onClick={() => onAction('offer')} />
            {!booking.cancelAtPeriodEnd && (
              <RowAction label="Cancel plan" ariaLabel={`Cancel the plan of ${booking.school_name}`} icon={<IconX size={18} />} color="red" onClick={onCancel} />
            )}
          </RowActions>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** /schoolbilling/bookplan: the schools' plans; book one for a school, change it, offer another, cancel it. */
export default function BookPlanPage() {
  const { page, setPage, search, setSearch, debouncedSearch } = useListState();
  const list = useBookings({ page, search: debouncedSearch || undefined });
  const { results, totalPages } = usePagedResults(list.data, PLAN_PAGE_SIZE, page, setPage);
  const [booking, setBooking] = useState(false);
  const [action, setAction] = useState<PlanAction>(null);
  const [cancelling, setCancelling] = useState<SchoolBooking | null>(null);
  const cancel = useCancelBooking();
  const { user } = useRequiredSession();

  return (
    <Stack gap="lg">
      <PageHeader
        title="Book Plan"
        subtitle="Which plan each school is on, when it renews and how it pays."
        actions={
          <Group gap="sm">
            <Button component={Link} to="/schoolbilling/loginwidget" variant="default" leftSection={<IconLink size={16} />}>Login Widget</Button>
            <Button component={Link} to="/schoolbilling/planwidget" variant="default" leftSection={<IconLink size={16} />}>Plan Widget</Button>
            <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setBooking(true)}>Book Plan</Button>
          </Group>
        }
      />
      <ListCard>
        <ListFilters filtered={Boolean(search)} onClear={() => setSearch('')}>
          <SearchInput label="Search" placeholder="School name" value={search} onChange={setSearch} w={{ base: '100%', sm: 260 }} />
        </ListFilters>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['School', 'Plan', 'Pays by', 'Next renewal', 'Status', 'Actions']}
          errorTitle="Could not load the booked plans"
          empty={
            <EmptyState
              icon={<IconCalendarPlus size={28} />}
              title={search ? 'No school matches' : 'No plans booked yet'}
              description={search ? 'Try another name.' : 'Book a plan for a school, or share the sign-up link from Login Widget.'}
            />
          }
          minWidth={860}
          label="Booked plans"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((b) => (
            <Row key={b._id} booking={b} onAction={(kind) => setAction({ booking: b, kind })} onCancel={() => setCancelling(b)} />
          ))}
        </ListTable>
      </ListCard>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Schools’ plans are paid to your own merchant account below; until you set one, through the sandbox (test mode: no money moves).
        </Text>
        <MerchantCard adminId={user._id} />
      </Stack>

      <AppModal opened={booking} onClose={() => setBooking(false)} title="Book Plan" size="lg">
        {booking && <BookPlanForm onDone={() => setBooking(false)} />}
      </AppModal>
      <ChangePlanModal action={action} onClose={() => setAction(null)} />
      <ConfirmModal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title="Cancel plan"
        loading={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.adminId, {
          onSuccess: (result) => { notifySuccess(result.message); setCancelling(null); },
          onError: (error) => notifyError(errorMessage(error)),
        })}
      >
        {cancelling ? `Cancel the plan of ${cancelling.school_name}? It ends on ${dayLabel(cancelling.renewsOn)}, at the end of the paid period; nothing more is charged.` : ''}
      </ConfirmModal>
    </Stack>
  );
}

import { Badge, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FamilyInvoice } from '../../../../shared/contracts/billing-family';
import { PageHeader } from '../../../components/PageHeader';
import { PersonSelect } from '../../../components/PersonSelect';
import { FamilyCardsReadOnlyNote } from '../../../components/FamilyCardsReadOnlyNote';
import { QueryError } from '../../../components/QueryError';
import { useRequiredSession } from '../../../lib/useSession';
import { searchPeople } from '../../../components/peopleSearch';
import { FamilyPlanList } from '../plans/PlanCards';
import { MySubscriptions } from '../plans/MySubscriptions';
import { YourPlanCard } from '../../school-plans';
import { MerchantCard } from '../../schools';
import { useCardList, useFamilyBilling } from './api';
import { AutopayCard } from './AutopayCard';
import { InvoiceLists } from './InvoiceLists';
import { PaySavedCardModal } from './PaySavedCardModal';
import { SavedCardsCard } from './SavedCardsCard';

function Loading() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading your invoices">
      <Skeleton h={120} radius="md" />
      <Skeleton h={120} radius="md" />
    </Stack>
  );
}

/** The invoices, cards and autopay of one family (or, for staff, of the student they chose). */
function BillingView({ studentId, isStaff, mayDownloadPdf }: { studentId: string | null; isStaff: boolean; mayDownloadPdf: boolean }) {
  const [paidPage, setPaidPage] = useState(1);
  const [paying, setPaying] = useState<FamilyInvoice | null>(null);
  const billing = useFamilyBilling(studentId, paidPage);
  const isPayer = billing.data?.isPayer ?? false;
  // Staff logged in as the family read the cards and payments; they change nothing (decision 069).
  const { usesFamilyCards } = useRequiredSession().user.permissions;
  const mayChange = isPayer && usesFamilyCards;
  // Staff read the payer's cards; a payer keeps their own. A child's parent keeps theirs.
  const showCards = isStaff || isPayer;
  const cards = useCardList(studentId, showCards && !isStaff);

  if (billing.isPending) return <Loading />;
  if (billing.isError) return <QueryError error={billing.error} onRetry={() => void billing.refetch()} title="Could not load your invoices" />;
  const data = billing.data;
  const hasDefaultCard = (cards.data?.results ?? []).some((c) => c.mine && c.isDefault && !c.expired);

  return (
    <Stack gap="lg">
      {data.testMode && (
        <Group gap="sm">
          <Badge color="orange" c="dark.7" variant="light" size="lg">
            Test mode
          </Badge>
          <Text size="sm" c="dimmed">
            Payments to this school go through the sandbox: no real money moves.
          </Text>
        </Group>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <InvoiceLists billing={data} mayPayWithCard={mayChange} onPayWithCard={setPaying} onPaidPage={setPaidPage} mayDownloadPdf={mayDownloadPdf} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            {isPayer && !usesFamilyCards && <FamilyCardsReadOnlyNote />}
            {showCards ? (
              <SavedCardsCard studentId={isStaff ? studentId : null} mayChange={mayChange} />
            ) : (
              <Card withBorder radius="md" padding="lg">
                <Text size="sm">Your parent pays your invoices: saved cards and autopay are on their Payment / Billing page.</Text>
              </Card>
            )}
            {data.students.length > 0 && (isPayer || isStaff) && (
              <AutopayCard students={data.students} mayChange={mayChange} hasDefaultCard={hasDefaultCard} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <PaySavedCardModal invoice={paying} onClose={() => setPaying(null)} />
    </Stack>
  );
}

/**
 * /paymentBilling, "Payment / Billing" (docs/domains/billing.md "Screens and routes"): a student's or parent's open and paid
 * invoices with one total due, "Pay" and "Pay with saved card", saved cards and autopay. Staff
 * (whose route tables list the page too) choose a student and read theirs.
 */
export default function PaymentBillingPage() {
  const { user } = useRequiredSession();
  const { reach, runsSchool, downloadsInvoicePdf } = user.permissions;
  const isStaff = reach !== 'self' && reach !== 'children';
  const [studentId, setStudentId] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Payment / Billing"
        subtitle={isStaff ? 'A student’s invoices, saved cards and autopay, as their family sees them.' : 'Your invoices, saved cards and autopay.'}
      />
      {runsSchool && <YourPlanCard />}
      {/* The school's own merchant account, where families' card payments go: the setup checklist's step links here (decision 076). */}
      {runsSchool && <MerchantCard adminId={user.adminId ?? user._id} />}
      {isStaff && (
        <PersonSelect
          label="Student"
          placeholder="Type a student’s name"
          value={studentId}
          onChange={setStudentId}
          queryKey={['billing', 'family', 'students']}
          search={(text) => searchPeople('student', text)}
          w={{ base: '100%', sm: 360 }}
          clearable
        />
      )}
      {isStaff && !studentId ? (
        <Text c="dimmed" size="sm">
          Choose a student to see their invoices.
        </Text>
      ) : (
        <BillingView key={studentId ?? 'own'} studentId={studentId} isStaff={isStaff} mayDownloadPdf={downloadsInvoicePdf} />
      )}
      {!isStaff && (
        <>
          <MySubscriptions showStudent={reach === 'children'} />
          <FamilyPlanList />
        </>
      )}
    </Stack>
  );
}

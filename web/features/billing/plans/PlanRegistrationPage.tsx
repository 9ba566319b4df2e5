import { Alert, Button, Card, Grid, Group, Radio, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FamilyCardsReadOnlyNote } from '../../../components/FamilyCardsReadOnlyNote';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { errorMessage, ApiError } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useRequiredSession } from '../../../lib/useSession';
import { AddCardModal } from '../family/AddCardModal';
import { useCardList, useFamilyBilling } from '../family/api';
import { cardLabel } from '../../../../shared/billing-family-text';
import { SCHOOL_PLAN_ROUTES } from '../../../../shared/contracts/school-plans';
import { mayCall } from '../../../../shared/permissions';
import { ProviderPlanRegistration } from '../../school-plans';
import { useAskPlan, usePlan } from './api';
import { PlanCard } from './PlanCard';

/** Who pays, and with which card: a payer picks one of theirs (or adds one); a child's parent pays. */
function Checkout({ planId, free }: { planId: string; free: boolean }) {
  const { user } = useRequiredSession();
  const navigate = useNavigate();
  const billing = useFamilyBilling(null, 1);
  const isPayer = billing.data?.isPayer ?? false;
  const cards = useCardList(null, isPayer);
  const ask = useAskPlan();
  const [studentId, setStudentId] = useState<string | null>(null);
  const [cardId, setCardId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  if (billing.isPending) return <Skeleton h={160} radius="md" role="status" aria-label="Loading your payment details" />;
  if (billing.isError) return <QueryError error={billing.error} onRetry={() => void billing.refetch()} title="Could not load your payment details" />;
  const usable = (cards.data?.results ?? []).filter((c) => c.mine && !c.expired);
  const chosenCard = cardId ?? usable.find((c) => c.isDefault)?.cardId ?? usable[0]?.cardId ?? null;
  const isParent = user.permissions.reach === 'children';
  const needsCard = isPayer && !free;

  const submit = async () => {
    setFailure(null);
    setFieldErrors({});
    try {
      const result = await ask.mutateAsync({ planId, ...(isParent ? { studentId: studentId ?? undefined } : {}), ...(needsCard ? { cardId: chosenCard } : {}) });
      notifySuccess(result.message);
      void navigate('/paymentBilling');
    } catch (error) {
      if (error instanceof ApiError && error.errors) setFieldErrors(error.errors);
      setFailure(errorMessage(error));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Ask for this plan">
      <Stack gap="md">
        <Title order={2} size="h3">Ask for this plan</Title>
        {failure && <Alert color="red" role="alert" title="Could not ask for the plan">{failure}</Alert>}
        {isParent && (
          <Select
            label="Child"
            required
            placeholder="Choose a child"
            data={billing.data.students.map((s) => ({ value: s._id, label: fullName(s) }))}
            value={studentId}
            onChange={setStudentId}
            error={fieldErrors.studentId}
          />
        )}
        {needsCard ? (
          <Stack gap="xs">
            {cards.isPending ? <Skeleton h={60} /> : usable.length === 0 ? (
              <Text size="sm" c="dimmed">You have no saved card yet: add one to pay for this plan.</Text>
            ) : (
              <Radio.Group label="Card" description="Autopay charges this card each period once the school approves" value={chosenCard} onChange={setCardId} error={fieldErrors.cardId}>
                <Stack gap="xs" mt="xs">
                  {usable.map((c) => <Radio key={c.cardId} value={c.cardId} label={`${cardLabel(c)}${c.isDefault ? ' (default)' : ''}`} />)}
                </Stack>
              </Radio.Group>
            )}
            {user.permissions.usesFamilyCards && (
              <Button variant="subtle" size="xs" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>Add a card</Button>
            )}
          </Stack>
        ) : !free && (
          <Text size="sm" c="dimmed">Your parent pays for your plans: the invoices go to them.</Text>
        )}
        <Text size="sm" c="dimmed">The school approves each request; you can see it under My plans on Payment / Billing.</Text>
        {!user.permissions.usesFamilyCards && <FamilyCardsReadOnlyNote />}
        <Group>
          <Button onClick={() => void submit()} loading={ask.isPending} disabled={!user.permissions.usesFamilyCards || (needsCard && !chosenCard)}>Ask for this plan</Button>
          <Button component={Link} to="/paymentBilling" variant="default">Back</Button>
        </Group>
      </Stack>
      <AddCardModal opened={adding} onClose={() => setAdding(false)} hasCards={usable.length > 0} />
    </Card>
  );
}

/** What the office does with a plan families ask for: approve the requests. */
function OfficeNote() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Asking for this plan">
      <Stack gap="sm">
        <Title order={2} size="h3">Asking for this plan</Title>
        <Text size="sm">A student or a parent asks for it on Payment / Billing, with their card; each request waits for the school’s approval.</Text>
        <Group>
          <Button component={Link} to="/studentbilling/planbuilder" variant="default">Plan Builder</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /plan-registration/{id}: the selected plan (docs/domains/plans.md "Screens and routes"), and asking for it; for the
 * provider, one of its plans for schools and how schools register on it (decision 090).
 */
export default function PlanRegistrationPage() {
  const { id = '' } = useParams();
  const { user } = useRequiredSession();
  if (mayCall(SCHOOL_PLAN_ROUTES.view, user)) return <ProviderPlanRegistration planId={id} />;
  return <StudentPlanRegistration id={id} />;
}

function StudentPlanRegistration({ id }: { id: string }) {
  const plan = usePlan(id);
  // The office reads a plan here but never asks for one (docs/domains/plans.md "Who may do what": staff 403).
  const office = useRequiredSession().user.permissions.schoolOffice;
  return (
    <Stack gap="lg">
      <PageHeader title="Plan Registration" subtitle={office ? 'The plan as families see it when they ask for it.' : 'Choose how to pay, and the school approves your plan.'} />
      {plan.isPending ? <Skeleton h={200} radius="md" role="status" aria-label="Loading the plan" /> : plan.isError ? (
        <QueryError error={plan.error} onRetry={() => void plan.refetch()} title="Could not load the plan" />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}><PlanCard plan={plan.data} /></Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {office ? <OfficeNote /> : <Checkout planId={plan.data._id} free={plan.data.isFree} />}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

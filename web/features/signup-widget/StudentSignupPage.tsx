import { Alert, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMusic } from '@tabler/icons-react';
import { startTransition, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { SignupSchool } from '../../../shared/contracts/signup-widget';
import { FormSkeleton, LoadFailed } from '../../components/PublicLoadState';
import { errorMessage } from '../../lib/api';
import { fetchSignupSchool } from './publicApi';
import { SignupWidgetForm } from './SignupWidgetForm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; school: SignupSchool };

/**
 * /studentSignup/:id, the public student signup widget (docs/domains/members.md "Screens and routes"). The school comes from
 * the path, or from the `adminId` property when a page embeds this component directly. A link from
 * the plan widget names the plan (`?plan=`): the signup asks for it, and approval leads to it.
 */
export default function StudentSignupPage({ adminId: fromProps }: { adminId?: string } = {}) {
  const params = useParams();
  const adminId = fromProps ?? params.id ?? '';
  const [search] = useSearchParams();
  const askedPlan = UUID.test(search.get('plan') ?? '') ? search.get('plan')! : undefined;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [success, setSuccess] = useState<string | null>(null);
  // A new form after each success: cleared fields, no messages.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    fetchSignupSchool(adminId, askedPlan).then(
      // Drawn in a transition, in slices, as the school signup is (decision 093).
      (school) => current && startTransition(() => setLoad({ state: 'ready', school })),
      (error: unknown) => current && setLoad({ state: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [adminId, askedPlan, attempt]);

  let body;
  if (load.state === 'loading') {
    body = <FormSkeleton label="Loading the signup form" />;
  } else if (load.state === 'error') {
    body = <LoadFailed title="Signup is not available" message={load.message} onRetry={() => setAttempt((n) => n + 1)} />;
  } else {
    body = (
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {load.school.school_name}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Sign up for lessons
          </Text>
        </div>
        {load.school.plan ? (
          <Alert color="grape" variant="light" title={`Plan: ${load.school.plan.planName}`}>
            Once {load.school.school_name} approves your signup, the invitation email takes you to this plan to pick a card and ask for it.
          </Alert>
        ) : askedPlan && (
          <Alert color="yellow" variant="light">The plan you chose is no longer offered. You can still sign up, and choose a plan later.</Alert>
        )}
        {success && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status" withCloseButton onClose={() => setSuccess(null)} closeButtonLabel="Dismiss">
            {success}
          </Alert>
        )}
        <SignupWidgetForm
          key={formKey}
          adminId={adminId}
          genres={load.school.genres}
          planId={load.school.plan?._id}
          onRegistered={(message) => {
            setSuccess(message);
            setFormKey((k) => k + 1);
          }}
        />
      </Stack>
    );
  }

  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }}>
      <Container size={560}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
          {body}
        </Paper>
        <Text size="xs" c="dimmed" ta="center" mt="sm">
          <IconMusic size={12} aria-hidden /> Powered by Cadenza
        </Text>
      </Container>
    </Box>
  );
}

import { Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { startTransition, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { SignupPlans } from '../../../../shared/contracts/school-signup';
import { FormSkeleton, LoadFailed } from '../../../components/PublicLoadState';
import { errorMessage } from '../../../lib/api';
import { fetchSignupPlans } from './publicApi';
import { SchoolSignupForm } from './SchoolSignupForm';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: SignupPlans };

/** /signup/{id}: a school or a private teacher registers itself on one of the provider's plans. */
export default function SchoolSignupPage() {
  const id = useParams().id ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    fetchSignupPlans(id).then(
      (data) => current && startTransition(() => setLoad({ state: 'ready', data })),
      (error: unknown) => current && setLoad({ state: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  let body;
  if (load.state === 'loading') {
    body = <FormSkeleton label="Loading the registration form" />;
  } else if (load.state === 'error') {
    body = <LoadFailed title="Registration is not available" message={load.message} onRetry={() => setAttempt((n) => n + 1)} />;
  } else if (load.data.plans.length === 0) {
    body = <Text>No plans are offered yet. Please come back later.</Text>;
  } else {
    body = <SchoolSignupForm signupId={id} plans={load.data.plans} selectedPlanId={load.data.selectedPlanId} />;
  }

  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }}>
      <Container size={760}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <div>
              <Title order={1} size="h2">Register your school</Title>
              <Text c="dimmed" size="sm" mt={4}>
                Already registered? <Link to="/login">Sign in</Link>
              </Text>
            </div>
            {body}
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed" ta="center" mt="sm">
          <IconMusic size={12} aria-hidden /> Powered by Cadenza
        </Text>
      </Container>
    </Box>
  );
}

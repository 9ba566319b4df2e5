import { Alert, Box, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMusic } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { SignupSchool } from '../../../shared/contracts/signupWidget';
import { errorMessage } from '../../lib/api';
import { fetchSignupSchool } from './publicApi';
import { SignupWidgetForm } from './SignupWidgetForm';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; school: SignupSchool };

/**
 * /studentSignup/:id, the public student signup widget (spec section 2). The school comes from
 * the path, or from the `adminId` property when a page embeds this component directly.
 */
export default function StudentSignupPage({ adminId: fromProps }: { adminId?: string } = {}) {
  const params = useParams();
  const adminId = fromProps ?? params.id ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [success, setSuccess] = useState<string | null>(null);
  // A new form after each success: cleared fields, no messages.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    fetchSignupSchool(adminId).then(
      (school) => current && setLoad({ state: 'ready', school }),
      (error: unknown) => current && setLoad({ state: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [adminId, attempt]);

  let body;
  if (load.state === 'loading') {
    body = (
      <Stack gap="md" aria-busy="true" aria-label="Loading the signup form">
        <Skeleton h={28} w="60%" />
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  } else if (load.state === 'error') {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Signup is not available" role="alert">
        <Text size="sm">{load.message}</Text>
        <Text size="sm" mt="xs">
          <a href="#retry" onClick={(e) => { e.preventDefault(); setAttempt((n) => n + 1); }}>
            Try again
          </a>
        </Text>
      </Alert>
    );
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
        {success && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status" withCloseButton onClose={() => setSuccess(null)} closeButtonLabel="Dismiss">
            {success}
          </Alert>
        )}
        <SignupWidgetForm
          key={formKey}
          adminId={adminId}
          genres={load.school.genres}
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

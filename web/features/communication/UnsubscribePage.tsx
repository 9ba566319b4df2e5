import { Alert, Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconMusic } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { UnsubscribeAnswer } from '../../../shared/contracts/communication';
import { FormSkeleton, LoadFailed } from '../../components/PublicLoadState';
import { errorMessage } from '../../lib/api';
import { confirmUnsubscribe, readUnsubscribe } from './api';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; answer: UnsubscribeAnswer };

/**
 * /unsubscribe/{token}, the group email's link: no sign-in. Opening it changes nothing (a mail
 * scanner follows links); the person confirms with the button.
 */
export default function UnsubscribePage() {
  const token = useParams().token ?? '';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    readUnsubscribe(token).then(
      (answer) => current && setLoad({ state: 'ready', answer }),
      (error: unknown) => current && setLoad({ state: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  const confirm = () => {
    setSaving(true);
    setFailure(null);
    confirmUnsubscribe(token).then(
      (answer) => setLoad({ state: 'ready', answer }),
      (error: unknown) => setFailure(errorMessage(error)),
    ).finally(() => setSaving(false));
  };

  let body;
  if (load.state === 'loading') body = <FormSkeleton label="Loading" />;
  else if (load.state === 'error') {
    body = <LoadFailed title="This link cannot be used" message={load.message} onRetry={() => { setLoad({ state: 'loading' }); setAttempt((n) => n + 1); }} />;
  } else {
    const { answer } = load;
    body = answer.unsubscribed ? (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        <Text fw={700}>You are unsubscribed</Text>
        <Text size="sm">
          {answer.first_name}, you will get no more group email from {answer.schoolName}. Lesson reminders, invoices and account emails still reach you.
        </Text>
      </Alert>
    ) : (
      <Stack gap="md">
        <Text>
          {answer.first_name}, do you want to stop receiving group email from {answer.schoolName}? Lesson reminders, invoices and account emails will still reach you.
        </Text>
        {failure && <Alert color="red" variant="light" role="alert">{failure}</Alert>}
        <Button onClick={confirm} loading={saving} style={{ alignSelf: 'flex-start' }}>
          Unsubscribe
        </Button>
      </Stack>
    );
  }

  return (
    <Box component="main" mih="100vh" bg="gray.0" py={{ base: 'md', sm: 48 }}>
      <Container size={560} px={{ base: 'xs', sm: 'md' }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Title order={1} size="h2">Unsubscribe from group email</Title>
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

import { Alert, Anchor, Box, Button, Container, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLogin, IconMusic } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { PublicWidget } from '../../../../shared/contracts/plan-widgets';
import { widgetOfPublicPath, type Widget } from '../../../../shared/plan-widgets-text';
import { errorMessage } from '../../../lib/api';
import { PlanCard } from './PlanCard';
import { fetchPublicWidget } from './widgetPublicApi';

const StudentSignupPage = lazy(async () => ({ default: (await import('../../signup-widget')).StudentSignupPage }));

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; school: PublicWidget };

/** Links leave the frame: the app opens in a tab of its own, where its session lives. */
const OUT = { target: '_blank', rel: 'noopener noreferrer' } as const;
const app = (path: string) => `${window.location.origin}${path}`;

function PlanWidget({ school }: { school: PublicWidget }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h3">Plans at {school.school_name}</Title>
      {school.plans.length === 0 ? <Text size="sm" c="dimmed">No plans yet: please check back soon.</Text> : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {school.plans.map((plan) => (
            <PlanCard key={plan._id} plan={plan} action={
              <Stack gap={6}>
                <Button component="a" href={app(`/plan-registration/${plan._id}`)} {...OUT} variant="light" aria-label={`Choose ${plan.planName}`}>Choose plan</Button>
                <Anchor href={app(`/studentSignup/${school.adminId}?plan=${plan._id}`)} {...OUT} size="sm" ta="center" aria-label={`New here? Sign up for ${plan.planName}`}>
                  New here? Sign up for it
                </Anchor>
              </Stack>
            } />
          ))}
        </SimpleGrid>
      )}
      <Text size="sm">
        Choosing a plan opens {school.school_name}’s Cadenza: sign in, pick a card and ask for it; the school approves it.
        New here? Sign up for a plan: once the school approves you, your invitation email leads to that plan.
      </Text>
    </Stack>
  );
}

function LoginWidget({ school, students }: { school: PublicWidget; students: boolean }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} size="h3">{students ? `Student sign in at ${school.school_name}` : `Sign in to ${school.school_name}`}</Title>
      <Text size="sm">
        {students
          ? 'Students and parents: your lessons, practice, plans and Payment / Billing are in Cadenza.'
          : 'Teachers, staff, students and parents: everything of the school is in Cadenza.'}
      </Text>
      <Button component="a" href={app('/login')} {...OUT} leftSection={<IconLogin size={18} />}>Sign in</Button>
      <Anchor href={app('/login')} {...OUT} size="sm">Forgot password?</Anchor>
      {students && <Text size="sm">New student? <Anchor href={app(`/studentSignup/${school.adminId}`)} {...OUT}>Sign up</Anchor></Text>}
    </Stack>
  );
}

/**
 * /widget/{plans|login|student-login|register}/{schoolId}: a school's widget as a public page,
 * made to sit in an <iframe> on the school's own website (the server lets any site frame it).
 */
export default function WidgetPublicPage() {
  const { kind = '', id = '' } = useParams();
  const widget: Widget | undefined = widgetOfPublicPath(kind);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    if (!widget) {
      setLoad({ state: 'error', message: 'This widget is not available' });
      return;
    }
    fetchPublicWidget(id, widget).then(
      (school) => current && setLoad({ state: 'ready', school }),
      (error: unknown) => current && setLoad({ state: 'error', message: errorMessage(error) }),
    );
    return () => { current = false; };
  }, [id, widget]);

  if (load.state === 'ready' && widget === 'registerwidget') {
    return <Suspense fallback={<Skeleton h={400} />}><StudentSignupPage adminId={load.school.adminId} /></Suspense>;
  }
  return (
    <Box py="lg" px="sm" component="main">
      <Container size={720} p={0}>
        <Paper withBorder radius="md" p="lg">
          {load.state === 'loading' ? (
            <Stack gap="md" aria-busy="true" aria-label="Loading the widget"><Skeleton h={28} w="60%" /><Skeleton h={120} /></Stack>
          ) : load.state === 'error' ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Not available" role="alert">
              <Text size="sm">{load.message}</Text>
            </Alert>
          ) : widget === 'planwidget' ? <PlanWidget school={load.school} /> : <LoginWidget school={load.school} students={widget === 'studentWidget'} />}
          <Text size="xs" c="dimmed" mt="lg"><IconMusic size={12} aria-hidden /> Powered by Cadenza</Text>
        </Paper>
      </Container>
    </Box>
  );
}

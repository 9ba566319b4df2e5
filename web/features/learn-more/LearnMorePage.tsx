import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { LearnMorePage as Page } from '../../../shared/contracts/learn-more';
import { PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { fullName } from '../../lib/format';
import { useRequiredSession } from '../../lib/useSession';
import { useLearnMore } from './api';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">{title}</Title>
      {children}
    </Card>
  );
}

function Contact({ school }: { school: Page['school'] }) {
  const address = [school.address1, school.city, [school.state, school.postalCode].filter(Boolean).join(' '), school.country].filter(Boolean).join(', ');
  return (
    <Stack gap="xs">
      {school.phone && <Group gap="xs" wrap="nowrap"><IconPhone size={16} aria-hidden /><Anchor href={`tel:${school.phone}`}>{school.phone}</Anchor></Group>}
      {school.email && <Group gap="xs" wrap="nowrap"><IconMail size={16} aria-hidden /><Anchor href={`mailto:${school.email}`} style={{ overflowWrap: 'anywhere' }}>{school.email}</Anchor></Group>}
      {address && <Group gap="xs" wrap="nowrap"><IconMapPin size={16} aria-hidden /><Text size="sm">{address}</Text></Group>}
      {!school.phone && !school.email && !address && <Text size="sm" c="dimmed">Ask your teacher how to reach the office.</Text>}
    </Stack>
  );
}

function LearnMoreContent({ page }: { page: Page }) {
  return (
    <Stack gap="md">
      <Section id="learn-more-about" title={`About ${page.school.name}`}>
        <Text style={{ whiteSpace: 'pre-line' }} c={page.about ? undefined : 'dimmed'}>
          {page.about || 'Your school has not written about itself yet.'}
        </Text>
      </Section>
      <Section id="learn-more-teachers" title="Teachers">
        {page.teachers.length === 0 ? (
          <Text size="sm" c="dimmed">No teachers are listed yet.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {page.teachers.map((t) => (
              <li key={t._id}>
                <Text fw={600}>{fullName(t)}</Text>
                <Group gap={4} mt={4}>
                  {t.instruments.length === 0
                    ? <Text size="sm" c="dimmed">No instruments listed</Text>
                    : t.instruments.map((name) => <Badge key={name} variant="light">{name}</Badge>)}
                </Group>
              </li>
            ))}
          </SimpleGrid>
        )}
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section id="learn-more-contact" title="Contact"><Contact school={page.school} /></Section>
        <Section id="learn-more-widgets" title="Links">
          {page.widgets.length === 0 ? (
            <Text size="sm" c="dimmed">Your school has no public pages switched on.</Text>
          ) : (
            <List spacing="xs">
              {page.widgets.map((w) => (
                <List.Item key={w.path}><Anchor href={w.path} target="_blank" rel="noopener">{w.title}</Anchor></List.Item>
              ))}
            </List>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/** /learnMore (students): their own school's page: about, teachers and instruments, contact, its widgets. */
export default function LearnMorePage() {
  const { user } = useRequiredSession();
  const page = useLearnMore(user.adminId);
  return (
    <Stack gap="lg">
      <PageHeader title="Learn More" subtitle="Your school, its teachers and how to reach it." />
      <QueryContent query={page} loadingLabel="Loading your school’s page" errorTitle="Could not load your school’s page">
        {(data) => <LearnMoreContent page={data} />}
      </QueryContent>
    </Stack>
  );
}

import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CopyField } from '../../components/CopyField';
import { DetailField } from '../../components/DetailField';
import { PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { useSchoolPlan } from './api';
import { planLimits, planPrice, planTypeLabel } from './format';
import { signupSnippet, signupUrl } from './signupLink';

/**
 * /plan-registration/{id} for the provider (decision 090): one of its plans for schools and how a
 * school registers on it, the public /signup/{id} with that plan chosen (docs/domains/plans.md
 * "Screens and routes").
 */
export function ProviderPlanRegistration({ planId }: { planId: string }) {
  const plan = useSchoolPlan(planId);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/schoolbilling/planbuilder" size="sm"><Group gap={4}><IconArrowLeft size={14} />Plan Builder</Group></Anchor>
      <PageHeader title="Plan Registration" subtitle="How a new school or private teacher registers on this plan." />
      <QueryContent query={plan} loadingLabel="Loading the plan" errorTitle="Could not load the plan" rows={4}>
        {(p) => {
          const url = signupUrl(p._id);
          return (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="plan-title">
                <Stack gap="sm">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Title id="plan-title" order={2} size="h3">{p.planName}</Title>
                    <Badge variant="light" tt="none">{planTypeLabel(p)}</Badge>
                  </Group>
                  <Text fw={600}>{planPrice(p)}</Text>
                  <DetailField label="Limits">{planLimits(p)}</DetailField>
                  <DetailField label="Schools on it">{String(p.schoolCount)}</DetailField>
                </Stack>
              </Card>
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="register-title">
                <Stack gap="sm">
                  <Title id="register-title" order={2} size="h4">Registration on this plan</Title>
                  <Text size="sm" c="dimmed">The page opens with this plan chosen: the owner fills in the school, pays by card (unless it is free) and signs in.</Text>
                  <CopyField label="Registration page" value={url} />
                  <CopyField label="Embed snippet" value={signupSnippet(url)} />
                  <Group gap="sm">
                    <Button component="a" href={url} target="_blank" rel="noopener" variant="default" leftSection={<IconExternalLink size={16} />}>Open the registration page</Button>
                    <Button component={Link} to="/schoolbilling/bookplan" variant="light">Book it for a school</Button>
                  </Group>
                </Stack>
              </Card>
            </SimpleGrid>
          );
        }}
      </QueryContent>
    </Stack>
  );
}

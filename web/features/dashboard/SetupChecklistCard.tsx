import { Anchor, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SETUP_CHECKLIST_ROUTES } from '../../../shared/contracts/school-setup';
import { mayCall } from '../../../shared/permissions';
import type { SessionUser } from '../../../shared/contracts/auth';
import { errorMessage } from '../../lib/api';
import { callApi } from '../../lib/callApi';
import { notifyError, notifySuccess } from '../../lib/notify';

const keyOf = (adminId: string) => ['school', 'setupChecklist', adminId];

/**
 * A new school's first steps (docs/decisions/076-school-signup-and-first-day.md), each ticked by
 * the server from the school's own data, on the dashboard until the school's admin dismisses it.
 */
export function SetupChecklistCard({ user }: { user: SessionUser }) {
  // An admin's school is their own id (their row's adminId may be unset); a sub-admin's is adminId.
  const adminId = user.adminId ?? user._id;
  const client = useQueryClient();
  const checklist = useQuery({
    queryKey: keyOf(adminId),
    queryFn: async () => (await callApi(SETUP_CHECKLIST_ROUTES.get, { params: { adminId } })).data,
  });
  const dismiss = useMutation({
    mutationFn: () => callApi(SETUP_CHECKLIST_ROUTES.dismiss, { body: { adminId } }),
    onSuccess: (result) => {
      client.setQueryData(keyOf(adminId), result.data);
      notifySuccess(result.message);
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const data = checklist.data;
  if (!data || data.dismissedAt) return null;
  const total = data.steps.length;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="setup-checklist-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4" id="setup-checklist-title">Set up your school</Title>
            <Text size="sm" c="dimmed">{data.doneCount} of {total} done. Each step ticks itself when it is done.</Text>
          </div>
          {mayCall(SETUP_CHECKLIST_ROUTES.dismiss, user) && (
            <Button variant="subtle" size="xs" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
              Hide this checklist
            </Button>
          )}
        </Group>
        <Progress value={(data.doneCount / total) * 100} aria-label={`${data.doneCount} of ${total} setup steps done`} />
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Setup steps">
          {data.steps.map((step) => (
            <Group component="li" key={step.key} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="transparent" color={step.done ? 'teal.8' : 'gray.6'} size="md" aria-hidden>
                {step.done ? <IconCircleCheckFilled size={20} /> : <IconCircleDashed size={20} />}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={step.link} fw={600} size="sm" td={step.done ? 'line-through' : undefined}>
                  {step.title}
                </Anchor>
                <Text size="sm" c="dimmed">{step.done ? 'Done' : 'To do'}: {step.hint}</Text>
              </div>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

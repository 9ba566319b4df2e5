import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import type { FamilyStudent } from '../../../../shared/contracts/billing-family';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetAutopay } from './api';

type Props = { students: FamilyStudent[]; mayChange: boolean; hasDefaultCard: boolean };

/**
 * Autopay, one switch a student (a parent: one per child): on each invoice's due date the payer's
 * default card is charged; a failed charge is tried again after 1, 3 and 7 days, with an email each time.
 */
export function AutopayCard({ students, mayChange, hasDefaultCard }: Props) {
  const setAutopay = useSetAutopay();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="autopay-title">
      <Title id="autopay-title" order={2} size="h4" mb={4}>
        Autopay
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        On an invoice’s due date your default card is charged. If a charge fails we try again after 1, 3 and 7 days and email you each time.
      </Text>
      {mayChange && !hasDefaultCard && (
        <Text size="sm" c="orange.9" mb="sm">
          Save a card and make it your default before you turn on autopay.
        </Text>
      )}
      <Stack gap="sm">
        {students.map((s) => {
          const name = `${s.first_name} ${s.last_name}`;
          const busy = setAutopay.isPending && setAutopay.variables?.studentId === s._id;
          return (
            <Switch
              key={s._id}
              label={`Autopay for ${name}`}
              checked={s.autopay}
              disabled={!mayChange || busy || (!s.autopay && !hasDefaultCard)}
              onChange={(e) =>
                setAutopay.mutate(
                  { studentId: s._id, enabled: e.currentTarget.checked },
                  { onSuccess: (r) => notifySuccess(r.message), onError: (err) => notifyError(errorMessage(err)) },
                )
              }
            />
          );
        })}
      </Stack>
    </Card>
  );
}

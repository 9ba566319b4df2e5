import { ActionIcon, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LESSON_KINDS, LESSON_KIND_LABELS, type PayrollDetail, type PayrollTeacher } from '../../../shared/contracts/payroll';
import { ConfirmModal } from '../../components/ConfirmModal';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AdjustmentModal } from './AdjustmentModal';
import { useApprovePayroll, useDeleteAdjustment, useDeletePayroll, usePayroll, useRegeneratePayroll } from './api';
import { FigureLessonsModal, type Figure } from './FigureLessonsModal';
import { periodLabel } from './money';
import { formatDollars } from '../../../shared/money';
import { ResponsiveTable } from '../../components/ResponsiveTable';

type Confirming = 'approve' | 'delete' | null;

function FigureCell({ row, kind, onOpen }: { row: PayrollTeacher; kind: (typeof LESSON_KINDS)[number]; onOpen: (f: Figure) => void }) {
  const line = row.lines.find((l) => l.kind === kind);
  if (!line) return <Text size="sm" c="dimmed">—</Text>;
  const name = fullName(row.teacher);
  return (
    <UnstyledButton onClick={() => onOpen({ teacherId: row.teacher._id, teacherName: name, kind })}
      aria-label={`${LESSON_KIND_LABELS[kind]} lessons of ${name}: ${line.lessons} at ${formatDollars(line.rate)}, ${formatDollars(line.amount)}`}
      style={{ textDecoration: 'underline', textUnderlineOffset: 3 }}>
      <Text size="sm" c="blue.8">{line.lessons} × {formatDollars(line.rate)} = {formatDollars(line.amount)}</Text>
    </UnstyledButton>
  );
}

function AdjustmentsCell({ row, editable }: { row: PayrollTeacher; editable: boolean }) {
  const remove = useDeleteAdjustment();
  if (row.adjustments.length === 0) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {row.adjustments.map((a) => (
        <Group key={a._id} gap={4} wrap="nowrap">
          <Text size="sm">{a.kind === 'bonus' ? '+' : '−'}{formatDollars(a.amount)} {a.reason}</Text>
          {editable && (
            <ActionIcon variant="subtle" color="red.9" size="sm" aria-label={`Remove ${a.kind} ${a.reason}`} loading={remove.isPending}
              onClick={() => remove.mutate(a._id, { onSuccess: (res) => notifySuccess(res.message), onError: (e) => notifyError(errorMessage(e)) })}>
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function PayrollTable({ payroll, onOpen }: { payroll: PayrollDetail; onOpen: (f: Figure) => void }) {
  if (payroll.rows.length === 0) return <Text size="sm">No lessons to pay in this period.</Text>;
  const editable = payroll.status === 'generated';
  return (
    <ResponsiveTable
      columns={['Teacher', ...LESSON_KINDS.map((k) => LESSON_KIND_LABELS[k]), 'Adjustments', 'Total']}
      label="Pay per teacher"
      minWidth={720}
      footer={
        <Table.Tr>
          <Table.Th colSpan={4}>Total</Table.Th>
          <Table.Th ta="right">{formatDollars(payroll.total)}</Table.Th>
        </Table.Tr>
      }
    >
      {payroll.rows.map((row) => (
        <Table.Tr key={row.teacher._id}>
          <Table.Td>{fullName(row.teacher)}</Table.Td>
          {LESSON_KINDS.map((k) => <Table.Td key={k}><FigureCell row={row} kind={k} onOpen={onOpen} /></Table.Td>)}
          <Table.Td><AdjustmentsCell row={row} editable={editable} /></Table.Td>
          <Table.Td ta="right" fw={600}>{formatDollars(row.total)}</Table.Td>
        </Table.Tr>
      ))}
    </ResponsiveTable>
  );
}

/** One payroll: each teacher's figures (a click shows the lessons behind), adjustments, and its actions while generated. */
export function PayrollDetailCard({ id, onGone }: { id: string; onGone: () => void }) {
  const payroll = usePayroll(id);
  const regenerate = useRegeneratePayroll();
  const approve = useApprovePayroll();
  const remove = useDeletePayroll();
  const [figure, setFigure] = useState<Figure | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const failed = (title: string) => (error: unknown) => notifyError(errorMessage(error), title);
  const p = payroll.data;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payroll-detail-title">
      {payroll.isError ? (
        <QueryError error={payroll.error} onRetry={() => void payroll.refetch()} title="Could not load the payroll" />
      ) : !p ? (
        <Skeleton h={160} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Title id="payroll-detail-title" order={2} size="h4">Payroll {periodLabel(p.from, p.to)}</Title>
              <Badge color={p.status === 'approved' ? 'green' : 'blue'} variant="dot" tt="none">{p.status === 'approved' ? 'Approved' : 'Generated'}</Badge>
            </Group>
            {p.status === 'generated' && (
              <Group gap="xs">
                <Button variant="default" onClick={() => setAdjusting(true)} disabled={p.rows.length === 0}>Add adjustment</Button>
                <Button variant="default" loading={regenerate.isPending}
                  onClick={() => regenerate.mutate(id, { onSuccess: (res) => notifySuccess(res.message), onError: failed('Could not regenerate') })}>
                  Regenerate
                </Button>
                <Button variant="default" color="red.9" onClick={() => setConfirming('delete')}>Delete</Button>
                <Button onClick={() => setConfirming('approve')}>Approve</Button>
              </Group>
            )}
          </Group>
          <Text size="sm" c="dimmed">{p.teachers} teachers · {p.lessons} lessons · click a figure to see its lessons</Text>
          <PayrollTable payroll={p} onOpen={setFigure} />
          <FigureLessonsModal payrollId={id} figure={figure} onClose={() => setFigure(null)} />
          {adjusting && <AdjustmentModal payrollId={id} teachers={p.rows} opened onClose={() => setAdjusting(false)} />}
          <ConfirmModal opened={confirming === 'approve'} onClose={() => setConfirming(null)} title="Approve payroll" confirmLabel="Approve" danger={false}
            loading={approve.isPending}
            onConfirm={() => approve.mutate(id, { onSuccess: (res) => { notifySuccess(res.message); setConfirming(null); onGone(); }, onError: failed('Could not approve') })}>
            Approving locks this payroll for good, and its lessons are never paid again. Approve it?
          </ConfirmModal>
          <ConfirmModal opened={confirming === 'delete'} onClose={() => setConfirming(null)} title="Delete payroll" loading={remove.isPending}
            onConfirm={() => remove.mutate(id, { onSuccess: (res) => { notifySuccess(res.message); setConfirming(null); onGone(); }, onError: failed('Could not delete') })}>
            Delete this generated payroll and its adjustments?
          </ConfirmModal>
        </Stack>
      )}
    </Card>
  );
}

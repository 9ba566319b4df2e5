import { Button, Group, NumberInput, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { EAR_TRAINER_LIMITS, setGoalBody } from '../../../shared/contracts/ear-trainer';
import { QueryError } from '../../components/QueryError';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useSetGoal, useStudentGoal } from './api';
import { streakText } from './TrainerSummary';

/**
 * A student's ear-training goal (questions a week) on their profile, for the school's staff and
 * the student's teachers: this week's progress, the streak, overall results, and the goal to set.
 */
export function EarTrainingGoalCard({ studentId }: { studentId: string }) {
  const goal = useStudentGoal(studentId);
  const save = useSetGoal();
  const [value, setValue] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (goal.data) setValue(goal.data.goal?.questionsPerWeek ?? 0);
  }, [goal.data]);

  if (goal.isPending) return <Skeleton h={120} role="status" aria-label="Loading the ear-training goal" />;
  if (goal.isError) return <QueryError error={goal.error} onRetry={() => void goal.refetch()} title="Could not load the ear-training goal" />;
  const data = goal.data;
  // An answer without data (none is expected) shows nothing rather than breaking the profile around it.
  if (!data) return null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = setGoalBody.safeParse({ studentId, questionsPerWeek: typeof value === 'number' ? value : Number.NaN });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setError(null);
    save.mutate(checked.data, {
      onSuccess: (r) => notifySuccess(r.message),
      onError: (err) => setError(err instanceof ApiError && err.errors.questionsPerWeek ? err.errors.questionsPerWeek : errorMessage(err)),
    });
  };

  return (
    <Stack gap="sm">
      {data.goal ? (
        <Stack gap={4}>
          <Text size="sm">{data.goal.answeredThisWeek} of {data.goal.questionsPerWeek} questions this week</Text>
          <Progress value={Math.min(100, (data.goal.answeredThisWeek / data.goal.questionsPerWeek) * 100)} aria-label="Ear-training goal progress" />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">No ear-training goal yet.</Text>
      )}
      <Text size="sm">Streak: {streakText(data.streak)}</Text>
      <Text size="sm">Answered: {data.answered} questions, {data.rightPercent}% right</Text>
      <form noValidate onSubmit={submit} aria-label="Ear-training goal">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput label="Questions a week" description="0 removes the goal" min={0} max={EAR_TRAINER_LIMITS.goalMax} allowDecimal={false}
            value={value} onChange={setValue} error={error} w={200} />
          <Button type="submit" loading={save.isPending}>Save goal</Button>
        </Group>
      </form>
    </Stack>
  );
}

import { Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconEar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { AnswerResult, MyTrainer, Question } from '../../../shared/contracts/ear-trainer';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { errorMessage } from '../../lib/api';
import { capitalize } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useAnswerQuestion, useMyTrainer, useNextQuestion } from './api';
import { playNotes, startAudio } from './sound';
import { QuestionCard } from './QuestionCard';
import { ItemStats, StreakAndGoal } from './TrainerSummary';

/** Ear Trainer (/earTrainerQuiz, students): the sets of the student's level, questions from the server, sound from Tone.js. */
export default function EarTrainerQuizPage() {
  const trainer = useMyTrainer();
  return (
    <Stack gap="lg">
      <PageHeader title="Ear Trainer" subtitle="Hear intervals, chords and scales, and name them. Items you miss come back sooner." />
      <QueryContent query={trainer} loadingLabel="Loading the ear trainer" errorTitle="Could not load the ear trainer">
        {(data) => <Trainer data={data} />}
      </QueryContent>
    </Stack>
  );
}

function Trainer({ data }: { data: MyTrainer }) {
  const [setId, setSetId] = useState<string | null>(data.sets[0]?._id ?? null);
  const [question, setQuestion] = useState<Question | null>(null);
  const [result, setResult] = useState<AnswerResult | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [audioState, setAudioState] = useState('not started');
  const next = useNextQuestion();
  const answer = useAnswerQuestion();

  // A set removed by the provider while the page is open falls back to the first.
  useEffect(() => {
    if (setId && !data.sets.some((s) => s._id === setId)) setSetId(data.sets[0]?._id ?? null);
  }, [data.sets, setId]);

  const sound = (notes: number[], harmonic: boolean) => {
    void startAudio().then(setAudioState).then(() => playNotes(notes, harmonic)).catch(() => notifyError('Sound could not start in this browser.'));
  };

  const ask = () => {
    if (!setId) return;
    // Started inside the click: browsers allow an AudioContext to run only after a gesture.
    void startAudio().then(setAudioState).catch(() => undefined);
    next.mutate(setId, {
      onSuccess: (q) => { setQuestion(q); setResult(null); sound(q.notes, q.harmonic); },
      onError: (e) => notifyError(errorMessage(e)),
    });
  };

  const choose = (key: string) => {
    if (!question) return;
    setChosen(key);
    answer.mutate({ questionId: question._id, answer: key }, {
      onSuccess: (r) => { setResult(r); sound(r.notes, r.harmonic); },
      onError: (e) => notifyError(errorMessage(e)),
    });
  };

  const level = capitalize(data.level);
  if (data.sets.length === 0) {
    return <EmptyCard icon={<IconEar size={28} />} title={`No exercise sets for the ${level.toLowerCase()} level yet`} description="Your provider adds them; come back soon." />;
  }
  return (
    <Stack gap="lg" data-audio-state={audioState} data-testid="ear-trainer">
      <StreakAndGoal streak={data.streak} goal={data.goal} />
      <Card withBorder radius="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select label="Exercise set" data={data.sets.map((s) => ({ value: s._id, label: s.name }))} value={setId} allowDeselect={false}
              onChange={(v) => { setSetId(v); setQuestion(null); setResult(null); }} w={{ base: '100%', xs: 300 }} />
            <Badge variant="light" size="lg" tt="none" aria-label={`Level: ${level}`}>Level: {level}</Badge>
          </Group>
          {!question && <Button onClick={ask} loading={next.isPending}>Start training</Button>}
        </Group>
        {!question && (
          <Text size="sm" c="dimmed" mt="sm">
            {data.sets.find((s) => s._id === setId)?.items.length ?? 0} items. Turn your sound on, then press Start training.
          </Text>
        )}
      </Card>
      {question && (
        <QuestionCard question={question} chosen={chosen} result={result} answering={answer.isPending} nextPending={next.isPending}
          onPlay={() => sound(question.notes, question.harmonic)}
          onReference={() => sound([question.reference], false)}
          onAnswer={choose} onNext={ask} />
      )}
      <ItemStats stats={data.stats} />
    </Stack>
  );
}

import { ActionIcon, Button, Checkbox, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  ANSWERS_MAX, CLEFS, DURATIONS, KEY_SIGNATURES, QUESTION_KINDS, QUESTION_KIND_LABELS, questionFields, type Notation, type QuestionKind, type QuizQuestion, type Sound,
} from '../../../shared/contracts/quizzes';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { notifySuccess } from '../../lib/notify';
import { useFormMessages } from '../../lib/useFormMessages';
import { useAddQuestion, useUpdateQuestion } from './api';
import { formatNotes, notesValid, parseNotes } from './notation';
import { SoundButton } from './SoundButton';
import { StaffView } from './StaffView';

const DURATION_LABELS: Record<(typeof DURATIONS)[number], string> = { w: 'Whole', h: 'Half', q: 'Quarter', '8': 'Eighth' };
const durationData = DURATIONS.map((d) => ({ value: d, label: DURATION_LABELS[d] }));
type Field = 'kind' | 'prompt' | 'answers' | 'correct' | 'explanation' | 'notation' | 'sound';
const TRUE_FALSE = ['True', 'False'];

function QuestionForm({ quizId, question, onDone }: { quizId: string; question?: QuizQuestion; onDone: () => void }) {
  const [kind, setKind] = useState<QuestionKind>(question?.kind ?? 'single');
  const [prompt, setPrompt] = useState(question?.prompt ?? '');
  const [answers, setAnswers] = useState<string[]>(question?.answers ?? ['', '', '']);
  const [correct, setCorrect] = useState<number[]>(question?.correct ?? []);
  const [explanation, setExplanation] = useState(question?.explanation ?? '');
  const [clef, setClef] = useState<Notation['clef']>(question?.notation?.clef ?? 'treble');
  const [keySignature, setKeySignature] = useState<Notation['keySignature']>(question?.notation?.keySignature ?? 'C');
  const [notesText, setNotesText] = useState(question?.notation ? formatNotes(question.notation.notes) : '');
  const [noteDuration, setNoteDuration] = useState<Notation['duration']>(question?.notation?.duration ?? 'w');
  const [soundText, setSoundText] = useState(question?.sound ? formatNotes(question.sound.steps.map((s) => s.notes)) : '');
  const [soundDuration, setSoundDuration] = useState<Sound['steps'][number]['duration']>(question?.sound?.steps[0]?.duration ?? 'h');
  const [tempo, setTempo] = useState(question?.sound?.tempo ?? 90);
  const { errors, failure, check, refused } = useFormMessages<Field>();
  const add = useAddQuestion();
  const update = useUpdateQuestion();

  const shownAnswers = kind === 'trueFalse' ? TRUE_FALSE : answers;
  const notation = useMemo<Notation | null>(() => {
    const notes = parseNotes(notesText);
    return notesValid(notes) ? { clef, keySignature, notes, duration: noteDuration } : null;
  }, [notesText, clef, keySignature, noteDuration]);
  const sound = useMemo<Sound | null>(() => {
    const steps = parseNotes(soundText);
    return notesValid(steps) ? { steps: steps.map((notes) => ({ notes, duration: soundDuration })), tempo } : null;
  }, [soundText, soundDuration, tempo]);

  const changeKind = (next: QuestionKind) => {
    setKind(next);
    if (next !== 'multiple') setCorrect((c) => c.slice(0, 1));
    if (next === 'trueFalse') setCorrect((c) => c.filter((i) => i < 2));
  };

  const body = () => ({
    kind, prompt, answers: shownAnswers, correct, explanation,
    notation: kind === 'staff' ? (notation ?? { clef, keySignature, notes: parseNotes(notesText), duration: noteDuration }) : null,
    sound: kind === 'listening' ? (sound ?? { steps: parseNotes(soundText).map((notes) => ({ notes, duration: soundDuration })), tempo }) : null,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = body();
    if (!check(questionFields, values)) return;
    const options = {
      onSuccess: (r: { message: string }) => { notifySuccess(r.message); onDone(); },
      onError: refused,
    };
    if (question) update.mutate({ ...values, questionId: question._id }, options);
    else add.mutate({ ...values, quizId }, options);
  };

  const correctMark = (i: number) => kind === 'multiple' ? (
    <Checkbox aria-label={`Answer ${i + 1} is correct`} label="Correct" checked={correct.includes(i)}
      onChange={(e) => { const on = e.currentTarget.checked; setCorrect((c) => (on ? [...c, i] : c.filter((x) => x !== i)).sort()); }} />
  ) : (
    <Radio aria-label={`Answer ${i + 1} is correct`} label="Correct" value={String(i)} />
  );

  const answerRows = shownAnswers.map((a, i) => (
    <Group key={i} gap="sm" align="flex-end" wrap="nowrap">
      <TextInput label={`Answer ${i + 1}`} value={a} readOnly={kind === 'trueFalse'} style={{ flex: 1 }}
        onChange={(e) => { const v = e.currentTarget.value; setAnswers((all) => all.map((x, j) => (j === i ? v : x))); }} />
      <div style={{ paddingBottom: 8 }}>{correctMark(i)}</div>
      {kind !== 'trueFalse' && (
        <ActionIcon variant="subtle" color="red" aria-label={`Remove answer ${i + 1}`} disabled={answers.length <= 2} mb={4}
          onClick={() => { setAnswers((all) => all.filter((_, j) => j !== i)); setCorrect((c) => c.filter((x) => x !== i).map((x) => (x > i ? x - 1 : x))); }}>
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  ));

  return (
    <form noValidate onSubmit={submit} aria-label={question ? 'Edit question' : 'Add question'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <Select label="Question type" data={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABELS[k] }))} value={kind} allowDeselect={false}
          onChange={(v) => v && changeKind(v as QuestionKind)} />
        <Textarea label="Question" required autosize minRows={2} value={prompt} error={errors.prompt} data-autofocus onChange={(e) => setPrompt(e.currentTarget.value)} />
        {kind === 'staff' && (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select label="Clef" data={[...CLEFS]} value={clef} allowDeselect={false} onChange={(v) => v && setClef(v as Notation['clef'])} />
              <Select label="Key signature" data={[...KEY_SIGNATURES]} value={keySignature} allowDeselect={false} searchable onChange={(v) => v && setKeySignature(v as Notation['keySignature'])} />
              <Select label="Note value" data={durationData} value={noteDuration} allowDeselect={false} onChange={(v) => v && setNoteDuration(v as Notation['duration'])} />
            </SimpleGrid>
            <TextInput label="Notes on the staff" description="Like C4 E4 G4; join the notes of a chord with + (C4+E4+G4)." value={notesText} error={errors.notation}
              onChange={(e) => setNotesText(e.currentTarget.value)} />
            {notation && <StaffView notation={notation} label="Staff preview" />}
          </Stack>
        )}
        {kind === 'listening' && (
          <Stack gap="sm">
            <TextInput label="Notes to play" description="Played one after the other; join the notes of a chord with + (A3+C4+E4)." value={soundText} error={errors.sound}
              onChange={(e) => setSoundText(e.currentTarget.value)} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label="Note length" data={durationData} value={soundDuration} allowDeselect={false} onChange={(v) => v && setSoundDuration(v as Sound['steps'][number]['duration'])} />
              <NumberInput label="Tempo (beats a minute)" min={30} max={240} allowDecimal={false} value={tempo} onChange={(v) => setTempo(Number(v) || 90)} />
            </SimpleGrid>
            {sound && <Group><SoundButton sound={sound} label="Listen" /></Group>}
          </Stack>
        )}
        <Stack gap="xs">
          <Text fw={500} size="sm">Answers</Text>
          {kind === 'multiple' ? answerRows : (
            <Radio.Group aria-label="Correct answer" value={correct[0] !== undefined ? String(correct[0]) : null} onChange={(v) => setCorrect([Number(v)])}>
              <Stack gap="xs">{answerRows}</Stack>
            </Radio.Group>
          )}
          {(errors.answers || errors.correct) && <Text c="red" size="sm" role="alert">{errors.answers ?? errors.correct}</Text>}
          {kind !== 'trueFalse' && (
            <Group>
              <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} disabled={answers.length >= ANSWERS_MAX}
                onClick={() => setAnswers((all) => [...all, ''])}>Add answer</Button>
            </Group>
          )}
        </Stack>
        <Textarea label="Explanation" description="Shown with the answer after the quiz is submitted." autosize minRows={2} value={explanation} error={errors.explanation}
          onChange={(e) => setExplanation(e.currentTarget.value)} />
        <FormActions onCancel={onDone} pending={add.isPending || update.isPending} submitLabel={question ? 'Save question' : 'Add question'} />
      </Stack>
    </form>
  );
}

export type QuestionEditing = { mode: 'add' } | { mode: 'edit'; question: QuizQuestion } | null;

export function QuestionFormModal({ quizId, editing, onClose }: { quizId: string; editing: QuestionEditing; onClose: () => void }) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? 'Edit question' : 'Add question'} size="xl">
      {editing && <QuestionForm quizId={quizId} question={editing.mode === 'edit' ? editing.question : undefined} onDone={onClose} />}
    </AppModal>
  );
}

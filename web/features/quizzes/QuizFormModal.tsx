import { NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { quizFields, type QuizSummary } from '../../../shared/contracts/quizzes';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { notifySuccess } from '../../lib/notify';
import { useFormMessages } from '../../lib/useFormMessages';
import { useAddQuiz, useQuizCategories, useUpdateQuiz } from './api';

type Field = 'title' | 'description' | 'categoryId' | 'timeLimit';

function QuizForm({ quiz, onDone }: { quiz?: QuizSummary; onDone: (quizId: string) => void }) {
  const categories = useQuizCategories();
  const [values, setValues] = useState({
    title: quiz?.title ?? '', description: quiz?.description ?? '', categoryId: quiz?.category?._id ?? '', timeLimit: quiz?.timeLimit ?? null as number | null,
  });
  const { errors, failure, check, refused } = useFormMessages<Field>();
  const add = useAddQuiz();
  const update = useUpdateQuiz();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!check(quizFields, values)) return;
    const options = {
      onSuccess: (r: { message: string; data: { _id: string } }) => { notifySuccess(r.message); onDone(r.data._id); },
      onError: refused,
    };
    if (quiz) update.mutate({ ...values, quizId: quiz._id }, options);
    else add.mutate(values, options);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={quiz ? 'Edit quiz' : 'Add quiz'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Quiz Title" required value={values.title} error={errors.title} data-autofocus
          onChange={(e) => { const v = e.currentTarget.value; setValues((all) => ({ ...all, title: v })); }} />
        <Select label="Category" required data={(categories.data ?? []).map((c) => ({ value: c._id, label: c.name }))} value={values.categoryId || null}
          error={errors.categoryId} placeholder={categories.data?.length === 0 ? 'Add a category first' : 'Choose a category'}
          onChange={(v) => setValues((all) => ({ ...all, categoryId: v ?? '' }))} />
        <Textarea label="Description" autosize minRows={2} value={values.description} error={errors.description}
          onChange={(e) => { const v = e.currentTarget.value; setValues((all) => ({ ...all, description: v })); }} />
        <NumberInput label="Time limit (minutes)" description="Leave empty for no time limit." min={1} allowDecimal={false} value={values.timeLimit ?? ''} error={errors.timeLimit}
          onChange={(v) => setValues((all) => ({ ...all, timeLimit: v === '' ? null : Number(v) }))} />
        <FormActions onCancel={() => onDone('')} pending={add.isPending || update.isPending} submitLabel={quiz ? 'Save quiz' : 'Add quiz'} />
      </Stack>
    </form>
  );
}

export type QuizEditing = { mode: 'add' } | { mode: 'edit'; quiz: QuizSummary } | null;

/** The quiz's own fields; onSaved gets the quiz's id (empty when cancelled). */
export function QuizFormModal({ editing, onClose, onSaved }: { editing: QuizEditing; onClose: () => void; onSaved?: (quizId: string) => void }) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? 'Edit quiz' : 'Add quiz'} size="lg">
      {editing && <QuizForm quiz={editing.mode === 'edit' ? editing.quiz : undefined} onDone={(id) => { onClose(); if (id) onSaved?.(id); }} />}
    </AppModal>
  );
}

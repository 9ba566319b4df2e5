import { Alert, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { LEVELS } from '../../../shared/constants';
import { courseUpdateBody, type CourseItem, type CourseUpdateValues } from '../../../shared/contracts/courses';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useState } from 'react';
import type { FileRef } from '../../../shared/contracts/library';
import { CoverField } from './CoverField';
import { useGenres } from '../../lib/genres';
import { useAddCourse, useUpdateCourse } from './api';

const FIELDS = ['title', 'description', 'genreId', 'level', 'coverFileId'] as const;
const LEVEL_OPTIONS = LEVELS.map((l) => ({ value: l, label: l[0]!.toUpperCase() + l.slice(1) }));
// One schema for both: a new course has no id yet, so it is checked with a stand-in one.
const NEW_ID = '00000000-0000-4000-8000-000000000000';

type FormInput = { courseId: string; title: string; description: string; genreId: string; level: string; coverFileId: string | null };

/** Add or edit a course: title, description, instrument, level and cover image. */
function CourseForm({ course, waitsForApproval, onDone }: { course?: CourseItem; waitsForApproval: boolean; onDone: () => void }) {
  const genres = useGenres();
  const form = useForm<FormInput, unknown, CourseUpdateValues>({
    resolver: zodResolver(courseUpdateBody) as unknown as Resolver<FormInput, unknown, CourseUpdateValues>,
    defaultValues: {
      courseId: course?._id ?? NEW_ID, title: course?.title ?? '', description: course?.description ?? '', genreId: course?.genre._id ?? '', level: course?.level ?? '',
      coverFileId: course?.cover?._id ?? null,
    },
  });
  // The chosen cover's reference, for its preview (the form itself holds only its id).
  const [cover, setCover] = useState<FileRef | null>(course?.cover ?? null);
  const { errors } = form.formState;
  const add = useAddCourse();
  const update = useUpdateCourse();
  const [failure, setFailure] = useState<string | null>(null);
  const save = form.handleSubmit((values) => {
    setFailure(null);
    const options = {
      onSuccess: (r: { message: string }) => { notifySuccess(r.message); onDone(); },
      onError: (e: unknown) => { if (!applyFieldErrors(e, form.setError, FIELDS)) setFailure(errorMessage(e)); },
    };
    if (course) update.mutate(values, options);
    else add.mutate({ title: values.title, description: values.description, genreId: values.genreId, level: values.level, coverFileId: values.coverFileId }, options);
  });

  return (
    <form noValidate onSubmit={save} aria-label={course ? 'Edit course' : 'Add course'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        {waitsForApproval && (
          <Alert variant="light" color="yellow">
            {course ? 'Saving sends this course back to the school for approval; your students see it again once it is approved.' : 'Your course waits for the school’s approval before students see it.'}
          </Alert>
        )}
        <TextInput label="Title" required data-autofocus error={errors.title?.message} {...form.register('title')} />
        <Textarea label="Description" autosize minRows={3} maxRows={8} error={errors.description?.message} {...form.register('description')} />
        <Controller
          control={form.control}
          name="genreId"
          render={({ field }) => (
            <Select
              label="Instrument"
              required
              searchable
              placeholder={genres.isPending ? 'Loading…' : 'Choose an instrument'}
              data={(genres.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={errors.genreId?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="level"
          render={({ field }) => (
            <Select label="Level" required placeholder="Choose a level" data={LEVEL_OPTIONS} value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={errors.level?.message} />
          )}
        />
        <Controller
          control={form.control}
          name="coverFileId"
          render={({ field }) => (
            <CoverField
              value={cover}
              onChange={(file) => { setCover(file); field.onChange(file?._id ?? null); }}
              error={errors.coverFileId?.message}
            />
          )}
        />
        <FormActions onCancel={onDone} pending={add.isPending || update.isPending} submitLabel={course ? 'Save course' : 'Add course'} />
      </Stack>
    </form>
  );
}

export type CourseEditing = { mode: 'add' } | { mode: 'edit'; course: CourseItem } | null;

export function CourseFormModal({ editing, waitsForApproval, onClose }: { editing: CourseEditing; waitsForApproval: boolean; onClose: () => void }) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? 'Edit course' : 'Add course'} size="lg">
      {editing && <CourseForm course={editing.mode === 'edit' ? editing.course : undefined} waitsForApproval={waitsForApproval} onDone={onClose} />}
    </AppModal>
  );
}

import { Input, Stack, TextInput } from '@mantine/core';
import { useEditor } from '@tiptap/react';
import { RICH_TEXT_EXTENSIONS, RichTextBox } from '../../components/RichTextFields';
import { useState } from 'react';
import { ATTACHMENTS_MAX, lessonForm, type LessonItem } from '../../../shared/contracts/courses';
import { LibraryFilesPicker } from '../library';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { notifySuccess } from '../../lib/notify';
import { useFormMessages } from '../../lib/useFormMessages';
import { useAddLesson, useUpdateLesson } from './api';

type Errors = Partial<Record<'title' | 'body' | 'videoUrl' | 'attachmentIds', string>>;

/** The rich-text body: headings, emphasis, lists, quotes and links (the server keeps only these). */
function BodyEditor({ initial, onChange, error }: { initial: string; onChange: (html: string) => void; error?: string }) {
  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: initial,
    immediatelyRender: false,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    editorProps: { attributes: { 'aria-label': 'Lesson text', 'aria-multiline': 'true', role: 'textbox' } },
  });
  return (
    <Input.Wrapper label="Lesson text" error={error}>
      <RichTextBox editor={editor} minHeight={200} />
    </Input.Wrapper>
  );
}

function LessonForm({ courseId, lesson, onDone }: { courseId: string; lesson?: LessonItem; onDone: () => void }) {
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [body, setBody] = useState(lesson?.body ?? '');
  const [videoUrl, setVideoUrl] = useState(lesson?.videoUrl ?? '');
  const [attachmentIds, setAttachmentIds] = useState<string[]>(lesson?.attachments.map((f) => f._id) ?? []);
  const { errors, failure, check, refused } = useFormMessages<keyof Errors>();
  const add = useAddLesson();
  const update = useUpdateLesson();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The contract the server checks, checked here first.
    const checked = check(lessonForm, { title, body, videoUrl, attachmentIds });
    if (!checked) return;
    const options = {
      onSuccess: (r: { message: string }) => { notifySuccess(r.message); onDone(); },
      onError: refused,
    };
    if (lesson) update.mutate({ lessonId: lesson._id, ...checked }, options);
    else add.mutate({ courseId, ...checked }, options);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={lesson ? 'Edit lesson' : 'Add lesson'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Lesson Title" required data-autofocus value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} />
        <BodyEditor initial={lesson?.body ?? ''} onChange={setBody} error={errors.body} />
        <TextInput
          label="Video link"
          description="A YouTube or Vimeo link; it plays in the lesson without tracking cookies."
          placeholder="https://www.youtube.com/watch?v=…"
          value={videoUrl}
          onChange={(e) => setVideoUrl(e.currentTarget.value)}
          error={errors.videoUrl}
        />
        <LibraryFilesPicker
          label="Attachments"
          description="Files of your library, shown in this order. Students given the course may open them."
          max={ATTACHMENTS_MAX}
          known={lesson?.attachments ?? []}
          value={attachmentIds}
          onChange={setAttachmentIds}
          error={errors.attachmentIds}
        />
        <FormActions onCancel={onDone} pending={add.isPending || update.isPending} submitLabel={lesson ? 'Save lesson' : 'Add lesson'} />
      </Stack>
    </form>
  );
}

export type LessonEditing = { mode: 'add' } | { mode: 'edit'; lesson: LessonItem } | null;

export default function LessonFormModal({ courseId, editing, onClose }: { courseId: string; editing: LessonEditing; onClose: () => void }) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? 'Edit lesson' : 'Add lesson'} size="xl">
      {editing && <LessonForm courseId={courseId} lesson={editing.mode === 'edit' ? editing.lesson : undefined} onDone={onClose} />}
    </AppModal>
  );
}



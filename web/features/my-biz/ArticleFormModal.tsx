import { ActionIcon, Button, Group, Input, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEditor } from '@tiptap/react';
import { useState } from 'react';
import { ATTACHMENTS_MAX } from '../../../shared/contracts/courses';
import { BIZ_LIMITS, bizArticleForm, type BizArticle, type BizCategory } from '../../../shared/contracts/my-biz';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { RICH_TEXT_EXTENSIONS, RichTextBox } from '../../components/RichTextFields';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { LibraryFilesPicker } from '../library';
import { useAddArticle, useUpdateArticle } from './api';

type Errors = Record<string, string>;
type Link = { label: string; url: string };

function BodyEditor({ initial, onChange, error }: { initial: string; onChange: (html: string) => void; error?: string }) {
  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: initial,
    immediatelyRender: false,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: { attributes: { 'aria-label': 'Article text', 'aria-multiline': 'true', role: 'textbox' } },
  });
  return (
    <Input.Wrapper label="Article text" error={error}>
      <RichTextBox editor={editor} minHeight={220} />
    </Input.Wrapper>
  );
}

function LinkFields({ links, onChange, errors }: { links: Link[]; onChange: (links: Link[]) => void; errors: Errors }) {
  const set = (i: number, patch: Partial<Link>) => onChange(links.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Input.Label component="legend">Links</Input.Label>
      {links.map((link, i) => (
        <Group key={i} align="flex-start" gap="xs" wrap="wrap">
          <TextInput label={`Link Text ${i + 1}`} required value={link.label} onChange={(e) => set(i, { label: e.currentTarget.value })}
            error={errors[`links.${i}.label`]} style={{ flex: '1 1 160px' }} />
          <TextInput label={`Link ${i + 1}`} required placeholder="https://" value={link.url} onChange={(e) => set(i, { url: e.currentTarget.value })}
            error={errors[`links.${i}.url`]} style={{ flex: '2 1 220px' }} />
          <ActionIcon variant="subtle" color="red.9" mt={28} aria-label={`Remove link ${i + 1}`} onClick={() => onChange(links.filter((_, j) => j !== i))}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {errors.links && <Input.Error>{errors.links}</Input.Error>}
      {links.length < BIZ_LIMITS.linksMax && (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...links, { label: '', url: '' }])}>
            Add link
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ArticleForm({ article, categories, categoryId, onDone }: { article?: BizArticle; categories: BizCategory[]; categoryId: string | null; onDone: () => void }) {
  const [values, setValues] = useState({
    categoryId: article?.categoryId ?? categoryId ?? '',
    title: article?.title ?? '',
    summary: article?.summary ?? '',
    body: article?.body ?? '',
    links: article?.links ?? [],
    videoUrl: article?.videoUrl ?? '',
    attachmentIds: article?.attachments.map((f) => f._id) ?? [],
    published: article?.published ?? false,
  });
  const [errors, setErrors] = useState<Errors>({});
  // A changed field's message goes (a link's, by its list's key): the next submit checks it again.
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => field !== key && !field.startsWith(`${key}.`))));
  };
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddArticle();
  const update = useUpdateArticle();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // The contract the server checks, checked here first.
    const parsed = bizArticleForm.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    const options = {
      onSuccess: (r: { message: string }) => { notifySuccess(r.message); onDone(); },
      onError: (e: unknown) => {
        if (e instanceof ApiError && Object.keys(e.errors).length) setErrors(e.errors);
        else setFailure(errorMessage(e));
      },
    };
    if (article) update.mutate({ id: article._id, ...parsed.data }, options);
    else add.mutate(parsed.data, options);
  };

  return (
    <form noValidate onSubmit={submit} aria-label={article ? 'Edit article' : 'Add article'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Title" required data-autofocus value={values.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} />
        <Select label="Category" required data={categories.map((c) => ({ value: c._id, label: c.name }))} value={values.categoryId || null}
          onChange={(v) => set('categoryId', v ?? '')} error={errors.categoryId} allowDeselect={false} />
        <Textarea label="Summary" description="One or two sentences shown in the list." autosize minRows={2} value={values.summary}
          onChange={(e) => set('summary', e.currentTarget.value)} error={errors.summary} />
        <BodyEditor initial={article?.body ?? ''} onChange={(html) => set('body', html)} error={errors.body} />
        <LinkFields links={values.links} onChange={(links) => set('links', links)} errors={errors} />
        <TextInput label="Video link" description="A YouTube or Vimeo link; it plays in the article without tracking cookies."
          placeholder="https://www.youtube.com/watch?v=…" value={values.videoUrl} onChange={(e) => set('videoUrl', e.currentTarget.value)} error={errors.videoUrl} />
        <LibraryFilesPicker label="Files" description="Files of your Library (upload them there first), shown in this order. Schools may open them."
          max={ATTACHMENTS_MAX} known={article?.attachments ?? []} value={values.attachmentIds} onChange={(ids) => set('attachmentIds', ids)} error={errors.attachmentIds} />
        <Switch label="Published" description="Schools see an article only once it is published." checked={values.published}
          onChange={(e) => set('published', e.currentTarget.checked)} />
        <FormActions onCancel={onDone} pending={add.isPending || update.isPending} submitLabel={article ? 'Save article' : 'Add article'} />
      </Stack>
    </form>
  );
}

export type ArticleEditing = { mode: 'add' } | { mode: 'edit'; article: BizArticle } | null;

export function ArticleFormModal({ editing, categories, categoryId, onClose }: {
  editing: ArticleEditing; categories: BizCategory[]; categoryId: string | null; onClose: () => void;
}) {
  return (
    <AppModal opened={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? 'Edit article' : 'Add article'} size="xl">
      {editing && (
        <ArticleForm article={editing.mode === 'edit' ? editing.article : undefined} categories={categories} categoryId={categoryId} onDone={onClose} />
      )}
    </AppModal>
  );
}

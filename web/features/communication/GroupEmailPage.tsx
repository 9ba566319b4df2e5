import { Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import {
  COMMUNICATION_MESSAGES as M, GROUP_EMAIL_ATTACHMENTS_MB, GROUP_EMAIL_FILES_MAX, MERGE_FIELDS, hasRecipients, previewMassEmailBody,
  type Audience, type PreviewAnswer, type PreviewMassEmailInput,
} from '../../../shared/contracts/communication';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { LibraryFilesPicker } from '../library';
import { usePreviewMassEmail, useSendMassEmail, useSendTestEmail } from './api';
import { MessageEditor } from './MessageEditor';
import { RecipientCountLine, RecipientFields } from './RecipientFields';
import { ReviewModal } from './ReviewModal';
import { SendsList } from './SendsList';

const NO_ONE: Audience = {
  allStudents: false, allParents: false, allTeachers: false, classGroupIds: [], instrumentIds: [], teacherIds: [], userIds: [], activeOnly: true,
};
const FIELDS = ['recipients', 'subject', 'body', 'attachmentIds'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

/** Errors by field; an element's error ("attachmentIds.0") is its list's. */
function byField(errors: [path: string, message: string][]): Errors {
  const found: Errors = {};
  for (const [path, message] of errors) {
    const field = path.split('.')[0] as keyof Errors;
    if (FIELDS.includes(field) && !found[field]) found[field] = message;
  }
  return found;
}

/** /email: write to groups of the school and people by name; past sends with their progress below. */
export default function GroupEmailPage() {
  const [audience, setAudience] = useState<Audience>(NO_ONE);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [attachmentIds, setAttachmentIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [resetKey, setResetKey] = useState(0);
  const previewCall = usePreviewMassEmail();
  const test = useSendTestEmail();
  const send = useSendMassEmail();
  /** The message under review and its preview: the send is offered only from there. */
  const [review, setReview] = useState<{ input: PreviewMassEmailInput; preview: PreviewAnswer } | null>(null);
  const any = hasRecipients(audience);

  /** A refusal by field goes back to the form; anything else is told where the user is. */
  const onFailure = (title: string) => (error: Error) => {
    if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
      setReview(null);
      setErrors(byField(Object.entries(error.errors)));
    } else notifyError(errorMessage(error), title);
  };

  const showPreview = (input: PreviewMassEmailInput) => {
    previewCall.mutate(input, { onSuccess: (preview) => setReview({ input, preview }), onError: onFailure('Could not preview the email') });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = previewMassEmailBody.safeParse({ ...audience, subject, body, attachmentIds });
    if (!parsed.success) {
      setErrors(byField(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    showPreview(parsed.data);
  };

  const sendTest = () => {
    if (!review) return;
    test.mutate({ ...review.input, recipientId: review.preview.recipient._id }, {
      onSuccess: (res) => notifySuccess(res.message),
      onError: onFailure('The test email was not sent'),
    });
  };

  const sendToAll = (confirmedCount: number) => {
    if (!review) return;
    const { recipientId: _recipient, ...message } = review.input;
    send.mutate({ ...message, confirmedCount }, {
      onSuccess: (res) => {
        notifySuccess(res.message || M.mailSent);
        setReview(null);
        setAudience(NO_ONE);
        setSubject('');
        setBody('');
        setAttachmentIds([]);
        setResetKey((k) => k + 1);
      },
      onError: (error) => {
        onFailure('The email was not sent')(error);
        // The recipients changed since the preview: show the new count to confirm again.
        if (error instanceof ApiError && error.status === 409) showPreview({ ...review.input, recipientId: undefined });
      },
    });
  };

  return (
    <Stack gap="lg">
      <PageHeader title="Group Email" subtitle="Write to the school's students, parents and teachers. Everyone can unsubscribe from group email; reminders and invoices still reach them." />
      <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate aria-labelledby="compose-title">
        <Stack gap="md">
          <Title id="compose-title" order={2} size="h4">New group email</Title>
          <RecipientFields audience={audience} onChange={(next) => { setAudience((a) => ({ ...a, ...next })); setErrors((e) => ({ ...e, recipients: undefined })); }} error={errors.recipients} />
          <RecipientCountLine audience={audience} any={any} />
          <TextInput
            label="Subject"
            required
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            error={errors.subject}
            description={`Merge fields work here too: ${MERGE_FIELDS.map((f) => `{${f}}`).join(', ')}.`}
          />
          <MessageEditor value={body} onChange={setBody} error={errors.body} resetKey={resetKey} />
          <LibraryFilesPicker
            label="Attachments"
            description={`Files of your Library, sent with every email: up to ${GROUP_EMAIL_FILES_MAX} files, ${GROUP_EMAIL_ATTACHMENTS_MB} MB in all.`}
            known={[]}
            value={attachmentIds}
            onChange={(ids) => { setAttachmentIds(ids); setErrors((e) => ({ ...e, attachmentIds: undefined })); }}
            max={GROUP_EMAIL_FILES_MAX}
            error={errors.attachmentIds}
          />
          <Button type="submit" leftSection={<IconEye size={16} />} loading={previewCall.isPending && review === null} style={{ alignSelf: 'flex-start' }}>
            Preview and send
          </Button>
        </Stack>
      </Card>
      <ReviewModal
        preview={review?.preview ?? null}
        onClose={() => setReview(null)}
        onChooseRecipient={(recipientId) => review && showPreview({ ...review.input, recipientId })}
        choosing={previewCall.isPending}
        onTest={sendTest}
        testing={test.isPending}
        onSend={sendToAll}
        sending={send.isPending}
      />
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sends-title">
        <Stack gap="md">
          <Title id="sends-title" order={2} size="h4">Sent group emails</Title>
          <SendsList />
        </Stack>
      </Card>
    </Stack>
  );
}

import { Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import {
  COMMUNICATION_MESSAGES as M, GROUP_EMAIL_ATTACHMENTS_MB, GROUP_EMAIL_FILES_MAX, MERGE_FIELDS, hasRecipients, sendMassEmailBody, type Audience,
} from '../../../shared/contracts/communication';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { LibraryFilesPicker } from '../library';
import { useSendMassEmail } from './api';
import { MessageEditor } from './MessageEditor';
import { RecipientCountLine, RecipientFields } from './RecipientFields';
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
  const send = useSendMassEmail();
  const any = hasRecipients(audience);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sendMassEmailBody.safeParse({ ...audience, subject, body, attachmentIds });
    if (!parsed.success) {
      setErrors(byField(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (res) => {
        notifySuccess(res.message || M.mailSent);
        setAudience(NO_ONE);
        setSubject('');
        setBody('');
        setAttachmentIds([]);
        setResetKey((k) => k + 1);
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(byField(Object.entries(error.errors)));
        else notifyError(errorMessage(error), 'The email was not sent');
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
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
            Send
          </Button>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sends-title">
        <Stack gap="md">
          <Title id="sends-title" order={2} size="h4">Sent group emails</Title>
          <SendsList />
        </Stack>
      </Card>
    </Stack>
  );
}

import { Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import {
  COMMUNICATION_MESSAGES as M, MERGE_FIELDS, hasRecipients, sendMassEmailBody, type Audience,
} from '../../../shared/contracts/communication';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSendMassEmail } from './api';
import { MessageEditor } from './MessageEditor';
import { RecipientCountLine, RecipientFields } from './RecipientFields';
import { SendsList } from './SendsList';

const NO_ONE: Audience = {
  allStudents: false, allParents: false, allTeachers: false, classGroupIds: [], instrumentIds: [], teacherIds: [], userIds: [], activeOnly: true,
};
type Errors = Partial<Record<'recipients' | 'subject' | 'body', string>>;

/** /email: write to groups of the school and people by name; past sends with their progress below. */
export default function GroupEmailPage() {
  const [audience, setAudience] = useState<Audience>(NO_ONE);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [resetKey, setResetKey] = useState(0);
  const send = useSendMassEmail();
  const any = hasRecipients(audience);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sendMassEmailBody.safeParse({ ...audience, subject, body });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        if (['recipients', 'subject', 'body'].includes(field as string) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (res) => {
        notifySuccess(res.message || M.mailSent);
        setAudience(NO_ONE);
        setSubject('');
        setBody('');
        setResetKey((k) => k + 1);
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors as Errors);
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

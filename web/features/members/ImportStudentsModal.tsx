import { Alert, Anchor, Badge, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { IMPORT_COLUMNS, MEMBER_MESSAGES, type ImportPreview } from '../../../shared/contracts/members';
import { AppModal } from '../../components/AppModal';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useImportPreview, useImportStudents } from './api';
import { ResponsiveTable } from '../../components/ResponsiveTable';

/** A file to start from: the header row and one example. */
export const TEMPLATE_CSV =
  `${IMPORT_COLUMNS.join(',')}\n` +
  'Lily,Chen,lilychen,lily@example.com,+12125550100,Piano:beginner; Voice:intermediate,Grace,Chen,grace@example.com,gracechen,+12125550101\n';
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE_CSV)}`;

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <ResponsiveTable
      columns={[
        'Line',
        // On a phone's card the name leads and the result is its status (docs/decisions/089-lists-as-cards-on-phones.md).
        { label: 'Name', place: 'title' },
        'Email',
        'Parent email',
        { label: 'Result', place: 'status' },
      ]}
      label="Rows of the file"
      minWidth={640}
      maxHeight={360}
      verticalSpacing="xs"
    >
      {preview.rows.map((row) => {
        const errors = Object.entries(row.errors);
        const invalid = errors.length > 0;
        return (
          <Table.Tr key={row.line} bg={invalid ? 'var(--mantine-color-red-light)' : undefined} data-invalid={invalid || undefined}>
            <Table.Td>{row.line}</Table.Td>
            <Table.Td>{`${row.first_name} ${row.last_name}`.trim() || '—'}</Table.Td>
            <Table.Td>{row.email || '—'}</Table.Td>
            <Table.Td>{row.parentEmail || '—'}</Table.Td>
            <Table.Td>
              {invalid ? (
                <Stack gap={2}>
                  {errors.map(([field, message]) => (
                    <Text key={field} size="xs" c="red.9">
                      {field}: {message}
                    </Text>
                  ))}
                </Stack>
              ) : (
                <Badge color="green" variant="dot">
                  Ready
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ResponsiveTable>
  );
}

function ImportBody({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const preview = useImportPreview();
  const importing = useImportStudents();

  const choose = async (next: File | null) => {
    setFile(next);
    setCsv(null);
    setReadError(null);
    preview.reset();
    importing.reset();
    if (!next) return;
    try {
      const text = await next.text();
      setCsv(text);
      preview.mutate(text);
    } catch {
      setReadError('The file could not be read.');
    }
  };

  const run = () => {
    if (!csv) return;
    importing.mutate(csv, {
      onSuccess: (result) => {
        notifySuccess(result.message || MEMBER_MESSAGES.importDone(preview.data?.validCount ?? 0));
        onClose();
      },
    });
  };

  const data = preview.data;
  const previewError = preview.error instanceof ApiError ? (preview.error.errors.csv ?? preview.error.message) : preview.error && errorMessage(preview.error);
  return (
    <Stack gap="md">
      <Text size="sm">
        One student a row, with a header row naming the columns. Each new student (and each new parent) receives an email
        invitation to set their password.{' '}
        <Anchor href={TEMPLATE_HREF} download="students-template.csv">
          Download a template CSV
        </Anchor>
      </Text>
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        accept=".csv,text/csv"
        value={file}
        onChange={(next) => void choose(next)}
        leftSection={<IconFileTypeCsv size={16} />}
        clearable
        error={readError ?? previewError ?? undefined}
      />
      {preview.isPending && <Text size="sm" c="dimmed">Checking the file…</Text>}
      {data && (
        <>
          <Text size="sm" fw={500} aria-live="polite">
            {plural(data.validCount, 'row')} ready, {data.errorCount} with errors
          </Text>
          <PreviewTable preview={data} />
        </>
      )}
      {importing.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Could not import">
          {errorMessage(importing.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={importing.isPending}>
          Cancel
        </Button>
        <Button onClick={run} loading={importing.isPending} disabled={!data || data.validCount === 0}>
          Import {plural(data?.validCount ?? 0, 'student')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Students from a CSV file: the server checks every row first, then imports the valid ones. */
export function ImportStudentsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Import students from CSV" size="xl">
      {opened && <ImportBody onClose={onClose} />}
    </AppModal>
  );
}

import { Alert, Anchor, Badge, Button, FileInput, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import {
  IMPORT_COLUMNS, IMPORT_SOURCES, IMPORT_SOURCE_LABELS, MAPPED_COLUMNS_NEEDED, MEMBER_MESSAGES,
  type ImportBody, type ImportColumn, type ImportPreview, type ImportSource,
} from '../../../shared/contracts/members';
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

const SOURCE_OPTIONS = IMPORT_SOURCES.map((value) => ({ value, label: IMPORT_SOURCE_LABELS[value] }));
const COLUMN_LABELS: Record<ImportColumn, string> = {
  first_name: 'First name', last_name: 'Last name', username: 'Username', email: 'Email', cellPhone: 'Phone',
  instruments: 'Instruments', parent_first_name: 'Parent first name', parent_last_name: 'Parent last name',
  parent_email: 'Parent email', parent_username: 'Parent username', parent_cellPhone: 'Parent phone',
};

/** The header row's names, quotes undone, for the mapping step; the server reads the whole file. */
export function headerNames(csv: string): string[] {
  const names: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = csv.charCodeAt(0) === 0xfeff ? 1 : 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') { names.push(field.trim()); field = ''; } else if (c === '\n' || c === '\r') break;
    else field += c;
  }
  names.push(field.trim());
  return names.filter(Boolean);
}

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
              ) : row.skipped ? (
                <Badge color="gray" variant="dot">
                  Already in the school
                </Badge>
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
  const [source, setSource] = useState<ImportSource>('cadenza');
  const [mapping, setMapping] = useState<Partial<Record<ImportColumn, string>>>({});
  const preview = useImportPreview();
  const importing = useImportStudents();
  const bodyOf = (text: string, from: ImportSource): ImportBody => (from === 'custom' ? { csv: text, source: from, mapping } : { csv: text, source: from });
  const mappedEnough = MAPPED_COLUMNS_NEEDED.every((c) => mapping[c]);

  // Another product's file is checked as soon as it is chosen; a mapped one once its columns are.
  const check = (text: string | null, from: ImportSource) => {
    preview.reset();
    importing.reset();
    if (text && from !== 'custom') preview.mutate(bodyOf(text, from));
  };

  const choose = async (next: File | null) => {
    setFile(next);
    setCsv(null);
    setReadError(null);
    setMapping({});
    check(null, source);
    if (!next) return;
    try {
      const text = await next.text();
      setCsv(text);
      check(text, source);
    } catch {
      setReadError('The file could not be read.');
    }
  };

  const chooseSource = (next: string | null) => {
    const from = (next ?? 'cadenza') as ImportSource;
    setSource(from);
    check(csv, from);
  };

  const headers = csv && source === 'custom' ? headerNames(csv) : [];

  const run = () => {
    if (!csv) return;
    importing.mutate(bodyOf(csv, source), {
      onSuccess: (result) => {
        notifySuccess(result.message || MEMBER_MESSAGES.importDone(preview.data?.validCount ?? 0));
        onClose();
      },
    });
  };

  const data = preview.data;
  const previewError = preview.error instanceof ApiError
    ? (preview.error.errors.csv ?? preview.error.errors.mapping ?? preview.error.message)
    : preview.error && errorMessage(preview.error);
  return (
    <Stack gap="md">
      <Text size="sm">
        One student a row, with a header row naming the columns. Each new student (and each new parent) receives an email
        invitation to set their password. A file exported from My Music Staff, TutorBird or Opus1 can be read as it is;
        people already in the school are left as they are.{' '}
        <Anchor href={TEMPLATE_HREF} download="students-template.csv">
          Download a template CSV
        </Anchor>
      </Text>
      <Select label="Exported from" data={SOURCE_OPTIONS} value={source} onChange={chooseSource} allowDeselect={false} />
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
      {headers.length > 0 && (
        <Stack gap="xs">
          <Text size="sm">Choose the column of the file that holds each field (first name, last name and email are needed).</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {IMPORT_COLUMNS.map((column) => (
              <Select
                key={column}
                label={COLUMN_LABELS[column]}
                data={headers}
                value={mapping[column] ?? null}
                onChange={(value) => setMapping((m) => ({ ...m, [column]: value ?? undefined }))}
                clearable
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="light" disabled={!mappedEnough} loading={preview.isPending} onClick={() => csv && preview.mutate(bodyOf(csv, source))}>
              Check the file
            </Button>
          </Group>
        </Stack>
      )}
      {preview.isPending && <Text size="sm" c="dimmed">Checking the file…</Text>}
      {data && (
        <>
          <Text size="sm" fw={500} aria-live="polite">
            {plural(data.validCount, 'row')} ready, {data.errorCount} with errors
            {data.skippedCount > 0 && `, ${data.skippedCount} already in the school`}
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

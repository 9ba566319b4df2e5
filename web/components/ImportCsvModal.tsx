import { Alert, Anchor, Badge, Button, FileInput, Group, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  IMPORT_COLUMNS_OF, IMPORT_COLUMN_LABELS, IMPORT_KIND_LABELS, IMPORT_SOURCES, IMPORT_SOURCE_LABELS, MAPPED_COLUMNS_NEEDED_OF, MEMBER_MESSAGES,
  MEMBER_ROUTES, type ImportBody, type ImportColumn, type ImportKind, type ImportPreview, type ImportSource,
} from '../../shared/contracts/members';
import { AppModal } from './AppModal';
import { ApiError, errorMessage } from '../lib/api';
import { callApi } from '../lib/callApi';
import { notifySuccess } from '../lib/notify';
import { ResponsiveTable } from './ResponsiveTable';

/**
 * A CSV import of a school's list (decisions 094, 095, 099): the Students and Teachers lists and
 * the calendar (weekly lessons) open it, so it lives below the features (decision 060).
 */
function useImportPreview(kind: ImportKind) {
  return useMutation({
    mutationFn: async (body: ImportBody) => (await callApi(MEMBER_ROUTES[kind].importPreview, { body })).data,
  });
}

function useImportFile(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => callApi(MEMBER_ROUTES[kind].import, { body }),
    // The lists a file fills are other features' queries (people, the calendar): all are read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** A file to start from for each list: the header row and one example. */
export const TEMPLATE_CSV: Record<ImportKind, string> = {
  students: `${IMPORT_COLUMNS_OF.students.join(',')}\n` +
    'Lily,Chen,lilychen,lily@example.com,+12125550100,Piano:beginner; Voice:intermediate,Grace,Chen,grace@example.com,gracechen,+12125550101,Active\n',
  teachers: `${IMPORT_COLUMNS_OF.teachers.join(',')}\n` + 'Sofia,Marin,sofiamarin,sofia@example.com,+12125550102,Piano; Voice,Active\n',
  lessons: `${IMPORT_COLUMNS_OF.lessons.join(',')}\n` + 'lily@example.com,Sofia Marin,Monday,16:00,30,2027-01-04,,Private Lesson\n',
};
const templateHref = (kind: ImportKind) => `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE_CSV[kind])}`;

/** What the modal says of each list's people. */
const INTRO: Record<ImportKind, string> = {
  students: 'One student a row, with a header row naming the columns. Each new student (and each new parent) receives an email invitation to set their password.',
  teachers: 'One teacher a row, with a header row naming the columns. Each new teacher receives an email invitation to set their password.',
  lessons: "One weekly lesson a row, with a header row naming the columns: the student and the teacher (already in the school) by email or full name, the weekday, the start time on the school's clock, the minutes and the first date.",
};

/** What happens to another product's file and to what is already there (decisions 094, 095, 099). */
const PEOPLE_ALREADY = 'people already in the school are left as they are, and those its Status column calls Inactive come in inactive, without an invitation.';
const ALREADY: Record<ImportKind, string> = {
  students: PEOPLE_ALREADY, teachers: PEOPLE_ALREADY,
  lessons: 'a lesson already on the calendar is left as it is, and one that clashes is shown as an error.',
};
const IN_SCHOOL = 'Already in the school';
const SKIPPED: Record<ImportKind, string> = { students: IN_SCHOOL, teachers: IN_SCHOOL, lessons: 'Already on the calendar' };
const PEOPLE_NEEDED = 'first name, last name and email are needed';
const NEEDED: Record<ImportKind, string> = {
  students: PEOPLE_NEEDED, teachers: PEOPLE_NEEDED, lessons: 'student, teacher, start time, duration and first date are needed',
};

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

const SOURCE_OPTIONS = IMPORT_SOURCES.map((value) => ({ value, label: IMPORT_SOURCE_LABELS[value] }));

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

function PreviewTable({ preview, kind }: { preview: ImportPreview; kind: ImportKind }) {
  const withParents = kind === 'students';
  const lessons = kind === 'lessons';
  return (
    <ResponsiveTable
      columns={[
        'Line',
        // On a phone's card the name leads and the result is its status (docs/decisions/089-lists-as-cards-on-phones.md).
        { label: lessons ? 'Student' : 'Name', place: 'title' },
        lessons ? 'Lesson' : 'Email',
        ...(withParents ? ['Parent email'] : []),
        { label: 'Result', place: 'status' },
      ]}
      label="Rows of the file"
      minWidth={640}
      maxHeight={360}
      verticalSpacing="xs"
    >
      {preview.rows.map((row) => {
        const invalid = row.problems.length > 0;
        return (
          <Table.Tr key={row.line} bg={invalid ? 'var(--mantine-color-red-light)' : undefined} data-invalid={invalid || undefined}>
            <Table.Td>{row.line}</Table.Td>
            <Table.Td>{`${row.first_name} ${row.last_name}`.trim() || '—'}</Table.Td>
            <Table.Td>{(lessons ? row.lesson : row.email) || '—'}</Table.Td>
            {withParents && <Table.Td>{row.parentEmail || '—'}</Table.Td>}
            <Table.Td>
              {invalid ? (
                <Stack gap={2}>
                  {row.problems.map((problem) => (
                    <Text key={problem} size="xs" c="red.9">
                      {problem}
                    </Text>
                  ))}
                </Stack>
              ) : row.skipped ? (
                <Badge color="gray" variant="dot">
                  {SKIPPED[kind]}
                </Badge>
              ) : (
                <Badge color="green" variant="dot">
                  {row.inactive ? 'Ready, inactive' : 'Ready'}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ResponsiveTable>
  );
}

function ImportBody({ kind, onClose }: { kind: ImportKind; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [source, setSource] = useState<ImportSource>('cadenza');
  const [mapping, setMapping] = useState<Partial<Record<ImportColumn, string>>>({});
  const preview = useImportPreview(kind);
  const importing = useImportFile(kind);
  const one = IMPORT_KIND_LABELS[kind].one.toLowerCase();
  const bodyOf = (text: string, from: ImportSource): ImportBody => (from === 'custom' ? { csv: text, source: from, mapping } : { csv: text, source: from });
  const mappedEnough = MAPPED_COLUMNS_NEEDED_OF[kind].every((c) => mapping[c]);

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
        notifySuccess(result.message || MEMBER_MESSAGES.importDone(preview.data?.validCount ?? 0, kind));
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
        {INTRO[kind]} A file exported from My Music Staff, TutorBird or Opus1 can be read as it is; {ALREADY[kind]}{' '}
        <Anchor href={templateHref(kind)} download={`${kind}-template.csv`}>
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
        clearButtonProps={{ 'aria-label': 'Clear the file' }}
        error={readError ?? previewError ?? undefined}
      />
      {headers.length > 0 && (
        <Stack gap="xs">
          <Text size="sm">Choose the column of the file that holds each field ({NEEDED[kind]}).</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {IMPORT_COLUMNS_OF[kind].map((column) => (
              <Select
                key={column}
                label={IMPORT_COLUMN_LABELS[column]}
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
            {data.skippedCount > 0 && `, ${data.skippedCount} ${SKIPPED[kind].toLowerCase()}`}
          </Text>
          <Text size="xs" c="dimmed">
            Each row is named by its line in the file, the header being line 1.
          </Text>
          <PreviewTable preview={data} kind={kind} />
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
          Import {plural(data?.validCount ?? 0, one)}
        </Button>
      </Group>
    </Stack>
  );
}

/** Students, teachers or weekly lessons from a CSV file: the server checks every row first, then imports the valid ones. */
export function ImportCsvModal({ kind, opened, onClose }: { kind: ImportKind; opened: boolean; onClose: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title={`Import ${IMPORT_KIND_LABELS[kind].many.toLowerCase()} from CSV`} size="xl">
      {opened && <ImportBody kind={kind} onClose={onClose} />}
    </AppModal>
  );
}

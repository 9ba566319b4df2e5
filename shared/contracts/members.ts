import { z } from 'zod';
import { ADDRESS_MAX, EMAIL_MAX, LEVELS, NAME_MAX, PAGE_SIZE, POSTAL_CODE_INPUT_MAX, USERNAME_MAX } from '../constants.js';
import { ACCOUNT_MESSAGES, optionalText as boundedText, requiredId, requiredString, safeString, searchField, uuid } from './common.js';
import { optionalPhoneField } from './phone.js';
import { moneyField } from './money.js';
import { defineRoute, fileResponse, listResultOf, noData } from './route.js';

/**
 * The people of a school (issue 3): sub-admins, teachers, students and parents. One set of calls
 * serves the four lists, under /api/member/{kind}:
 *   POST list, POST add, POST update, POST changeStatus, DELETE remove, GET view/{id}, GET export
 *   (CSV); students also POST updateInstruments; students and teachers POST import/preview and POST import.
 * Weekly lessons from a CSV file: POST /api/member/lessons/import/preview and import (decision 099).
 * A profile of anyone the caller may see: GET /api/member/profile/{id}.
 * Genres: POST /api/genre/getgenre. Filter options: POST /api/auth/filter.
 */

export const PERSON_KINDS = ['subadmins', 'teachers', 'students', 'parents'] as const;
export type PersonKindPath = (typeof PERSON_KINDS)[number];
export const ROLE_OF_KIND = { subadmins: 'subadmin', teachers: 'teacher', students: 'student', parents: 'parent' } as const;
export const KIND_OF_ROLE = { subadmin: 'subadmins', teacher: 'teachers', student: 'students', parent: 'parents' } as const;
export type PersonRole = (typeof ROLE_OF_KIND)[PersonKindPath];

/** The words a list and its alerts use for each kind. */
export const KIND_LABELS: Record<PersonKindPath, { one: string; many: string }> = {
  subadmins: { one: 'Sub Admin', many: 'Sub Admins' },
  teachers: { one: 'Teacher', many: 'Teachers' },
  students: { one: 'Student', many: 'Students' },
  parents: { one: 'Parent', many: 'Parents' },
};

export const MEMBER_MESSAGES = {
  added: (kind: PersonKindPath) => `${KIND_LABELS[kind].one} Added Successfully`,
  updated: (kind: PersonKindPath) => `${KIND_LABELS[kind].one} Updated Successfully`,
  deleted: (kind: PersonKindPath) => `${KIND_LABELS[kind].one} Deleted Successfully`,
  statusChanged: 'Status Updated Successfully',
  instrumentsUpdated: 'Instruments Updated Successfully',
  hasHistory: 'This member has records the school must keep. Deactivate them instead.',
  importDone: (n: number, kind: ImportKind = 'students') =>
    `${n} ${n === 1 ? IMPORT_KIND_LABELS[kind].one.toLowerCase() : IMPORT_KIND_LABELS[kind].many.toLowerCase()} imported successfully`,
  notFound: 'Member not found',
  invitationResent: 'Invitation sent again',
  invitationAccepted: 'This person has already accepted their invitation',
  invitationNoEmail: 'This person has no email address to invite',
  payRatesPayroll: 'Pay rates are set by those with the payroll right',
  ...ACCOUNT_MESSAGES,
} as const;

// --- fields -------------------------------------------------------------------------------

export const personName = (label: string) =>
  requiredString(`${label} is Required`)
    .max(NAME_MAX, `${label} should allow only 100 characters.`)
    .regex(/^[^\d]/, 'first character should be alphabet')
    .regex(/^[\p{L}\s'.-]+$/u, 'Special characters are not allowed');

export const usernameField = requiredString('Username is Required')
  .max(USERNAME_MAX, `Username should allow only ${USERNAME_MAX} characters.`)
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may use only letters, digits, dot, dash and underscore');

export const emailField = requiredString('Email is Required').max(EMAIL_MAX, 'Please provide a valid email address').email('Please provide a valid email address');

/** Optional on staff-made accounts (the person completes it on their profile); limited when given. */
const optionalText = (label: string) => boundedText(ADDRESS_MAX, `${label} should allow only 100 characters.`).default('');
const optionalPhone = optionalPhoneField().default('');
const optionalPostal = boundedText(POSTAL_CODE_INPUT_MAX, 'Should allow only Numeric Value').regex(/^[0-9]{0,5}$/, 'Should allow only Numeric Value').default('');

export const levelField = z.enum(LEVELS, { error: 'Level is Required' });
export const genreIdField = requiredId('Instrument/Genre is Required');

/** The add-instrument modal's entry (docs/domains/members.md "Rules"). */
export const instrumentInput = z.object({ genreId: genreIdField, level: levelField });
export type InstrumentInput = z.input<typeof instrumentInput>;

const uniqueGenres = (list: { genreId: string }[]) => new Set(list.map((i) => i.genreId)).size === list.length;
export const instrumentList = z.array(instrumentInput).max(20)
  .refine(uniqueGenres, 'Each instrument/genre may appear once');

export { moneyField };

const personBase = z.object({
  first_name: personName('First Name'),
  last_name: personName('Last Name'),
  username: usernameField,
  email: emailField,
  cellPhone: optionalPhone,
  address1: optionalText('Address'),
  city: optionalText('City'),
  state: optionalText('State'),
  postal_code: optionalPostal,
});

export const subadminForm = personBase.extend({ allow_payroll_report: z.boolean().default(false) });

export const teacherForm = personBase.extend({
  genreIds: z.array(uuid).max(20).default([]),
  /**
   * Pay per lesson, in dollars on the form and in JSON; cents in the database. Payroll's: sent
   * only by a viewer with the payroll right (others get 403). Left out, a new teacher's rates are
   * 0 and a changed teacher's stay as they were.
   */
  private_rate: moneyField.optional(),
  class_group_rate: moneyField.optional(),
});

/** A parent typed in with a new student: an account of their own, invited by email too. */
export const newParentInput = personBase.pick({ first_name: true, last_name: true, username: true, email: true, cellPhone: true });

export const studentForm = personBase.extend({
  instruments: instrumentList.default([]),
  teacherIds: z.array(uuid).max(10).default([]),
  parentIds: z.array(uuid).max(4).default([]),
  newParent: newParentInput.optional(),
});

export const parentForm = personBase.extend({ childIds: z.array(uuid).max(20).default([]) });

export const PERSON_FORMS = { subadmins: subadminForm, teachers: teacherForm, students: studentForm, parents: parentForm } as const;
export type SubadminForm = z.input<typeof subadminForm>;
export type TeacherForm = z.input<typeof teacherForm>;
export type StudentForm = z.input<typeof studentForm>;
export type ParentForm = z.input<typeof parentForm>;

/** Updating names the person; the username never changes (it is how they sign in). */
export const PERSON_UPDATE_FORMS = {
  subadmins: subadminForm.omit({ username: true }).extend({ id: uuid }),
  teachers: teacherForm.omit({ username: true }).extend({ id: uuid }),
  students: studentForm.omit({ username: true, newParent: true }).extend({ id: uuid }),
  parents: parentForm.omit({ username: true }).extend({ id: uuid }),
} as const;

export const memberStatusBody = z.object({ id: uuid, status: z.boolean() });
export const memberIdBody = z.object({ id: uuid });
export const updateInstrumentsBody = z.object({ id: uuid, instruments: instrumentList });

export const MEMBER_SORTS = ['createdAt', 'first_name', 'last_name'] as const;

/**
 * A list (6 a page). Normal mode answers everyone; any of status, genreId or teacherId puts it
 * in filtered mode. The counts follow the search and the instrument/teacher filters but not the
 * status (they are the Active/Inactive figures).
 */
export const memberListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.people),
  search: searchField.optional(),
  status: z.enum(['active', 'inactive']).optional(),
  genreId: uuid.optional(),
  teacherId: uuid.optional(),
  sortBy: z.enum(MEMBER_SORTS).default('createdAt'),
  orderBy: z.union([z.literal(-1), z.literal(1)]).default(-1),
});
export type MemberListQuery = z.input<typeof memberListBody>;

/** GET export: the list's filters as a query string (every row, no paging). */
export const memberExportQuery = memberListBody.omit({ page: true, limit: true, orderBy: true }).extend({
  orderBy: z.union([z.literal('-1'), z.literal('1'), z.literal(-1), z.literal(1)]).transform((v) => Number(v) as -1 | 1).default(-1),
});

// --- answers ------------------------------------------------------------------------------

export const personRef = z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() });
export type PersonRef = z.infer<typeof personRef>;

export const instrumentEntry = z.object({
  genreId: z.object({ _id: z.string(), name: z.string() }),
  level: z.enum(LEVELS),
});
export type InstrumentEntry = z.infer<typeof instrumentEntry>;

/** One row of any of the four lists; the fields of other kinds are absent. */
export const memberListItem = z.object({
  _id: z.string(),
  role: z.enum(['subadmin', 'teacher', 'student', 'parent']),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  cellPhone: z.string(),
  status: z.boolean(),
  /** No password set yet: the invitation has not been used. */
  invitationPending: z.boolean(),
  createdAt: z.string(),
  allow_payroll_report: z.boolean().optional(),
  instruments: z.array(instrumentEntry).optional(),
  genres: z.array(z.object({ _id: z.string(), name: z.string() })).optional(),
  teachers: z.array(personRef).optional(),
  parents: z.array(personRef).optional(),
  children: z.array(personRef).optional(),
  private_rate: z.number().optional(),
  class_group_rate: z.number().optional(),
  studentCount: z.number().int().optional(),
});
export type MemberListItem = z.infer<typeof memberListItem>;

/** A profile: the list row plus the address, groups and families. */
export const memberProfile = memberListItem.extend({
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  classGroups: z.array(z.object({ _id: z.string(), name: z.string() })),
  families: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** The caller may change this person (the profile shows Edit only then). */
  canEdit: z.boolean(),
  /** The caller may change this student's instruments and levels (a teacher on their own student). */
  canEditInstruments: z.boolean().optional(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

/** A parent's child as /member/children shows it. */
export const child = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  status: z.boolean(),
  instruments: z.array(instrumentEntry),
  teachers: z.array(personRef),
  /** The child's next lesson not cancelled (start ISO 8601 with the school's offset), or null; the server always sends it. */
  nextLesson: z.object({ start: z.string(), title: z.string(), room: z.string().nullable() }).nullable().optional(),
});
export type Child = z.infer<typeof child>;

export const genre = z.object({ _id: z.string(), name: z.string() });
export type Genre = z.infer<typeof genre>;

/** POST /api/auth/filter: options for a list's filter pickers (type teacher, student, parent or genre). */
export const filterBody = z.object({
  type: z.enum(['teacher', 'student', 'parent', 'genre', 'class']),
  value: searchField.default(''),
});
export const filterOption = z.object({ value: z.string(), label: z.string() });
/** The answers of /api/auth/filter and /api/genre/getgenre are `{ results: [...] }`. */
export type FilterOption = z.infer<typeof filterOption>;

// --- CSV import ---------------------------------------------------------------------------

/**
 * The lists a CSV file may fill (decisions 094, 095, 099): the same preview, mapping and import for
 * each. Lessons are a school's weekly private lessons, each row a student's with a teacher.
 */
export const IMPORT_KINDS = ['students', 'teachers', 'lessons'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, { one: string; many: string }> = {
  students: KIND_LABELS.students, teachers: KIND_LABELS.teachers, lessons: { one: 'Lesson', many: 'Lessons' },
};

/**
 * The columns of a students CSV file (a header row, any order, case-insensitive). A row may name
 * one parent; a parent already in the school (same email) is linked, not made twice.
 * instruments: "Piano:beginner; Guitar:intermediate". status: our export's word, "Inactive" for
 * someone who comes in inactive (decision 095); any other word or none is active.
 */
export const IMPORT_COLUMNS = [
  'first_name', 'last_name', 'username', 'email', 'cellPhone', 'instruments',
  'parent_first_name', 'parent_last_name', 'parent_email', 'parent_username', 'parent_cellPhone', 'status',
] as const;
/**
 * A lessons file (decision 099): the student and the teacher each by email or full name, the
 * weekday, the start time and first date on the school's wall clock, the minutes, and optionally
 * the last date and the lesson type (by name).
 */
export const LESSON_IMPORT_COLUMNS = ['student', 'teacher', 'weekday', 'start_time', 'duration', 'first_date', 'end_date', 'lesson_type'] as const;
/** Every column any list's file may have. */
export const ANY_IMPORT_COLUMNS = [...IMPORT_COLUMNS, ...LESSON_IMPORT_COLUMNS] as const;
export type ImportColumn = (typeof ANY_IMPORT_COLUMNS)[number];
/** A teachers file: the students' own columns without the parent's; instruments "Piano; Guitar". */
export const TEACHER_IMPORT_COLUMNS = ['first_name', 'last_name', 'username', 'email', 'cellPhone', 'instruments', 'status'] as const satisfies readonly ImportColumn[];
export const IMPORT_COLUMNS_OF: Record<ImportKind, readonly ImportColumn[]> = {
  students: IMPORT_COLUMNS, teachers: TEACHER_IMPORT_COLUMNS, lessons: LESSON_IMPORT_COLUMNS,
};
export const IMPORT_MAX_ROWS = 1000;

/** Each column in words: the mapping step's labels and a row's errors (decision 095). */
export const IMPORT_COLUMN_LABELS: Record<ImportColumn, string> = {
  first_name: 'First name', last_name: 'Last name', username: 'Username', email: 'Email', cellPhone: 'Phone',
  instruments: 'Instruments', parent_first_name: 'Parent first name', parent_last_name: 'Parent last name',
  parent_email: 'Parent email', parent_username: 'Parent username', parent_cellPhone: 'Parent phone', status: 'Status',
  student: 'Student', teacher: 'Teacher', weekday: 'Weekday', start_time: 'Start time', duration: 'Duration (minutes)',
  first_date: 'First date', end_date: 'Last date', lesson_type: 'Lesson type',
};

/** The words our export writes for a member's status; the one rule that reads them back (decision 095). */
export const MEMBER_STATUS_WORDS = { active: 'Active', inactive: 'Inactive' } as const;
export const isActiveWord = (word: string) => word.trim().toLowerCase() !== MEMBER_STATUS_WORDS.inactive.toLowerCase();

/**
 * Where a file comes from (decision 094): our own columns, another product's export, or any CSV
 * whose columns the user maps to ours. The others' files carry no usernames: they are made from
 * the email.
 */
export const IMPORT_SOURCES = ['cadenza', 'mymusicstaff', 'tutorbird', 'opus1', 'custom'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export type ProductSource = Exclude<ImportSource, 'cadenza' | 'custom'>;
export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  cadenza: 'Cadenza CSV', mymusicstaff: 'My Music Staff', tutorbird: 'TutorBird', opus1: 'Opus1', custom: 'Any CSV (choose the columns)',
};
/**
 * The headers each product's export is believed to have. Decision 095 says which could be checked
 * against the products' help pages (none of the headers could; TutorBird's status words could).
 */
export const SOURCE_COLUMNS: Record<ProductSource, Partial<Record<ImportColumn, string>>> = {
  mymusicstaff: {
    first_name: 'First Name', last_name: 'Last Name', email: 'Email', cellPhone: 'Phone',
    parent_first_name: 'Parent First Name', parent_last_name: 'Parent Last Name', parent_email: 'Parent Email', parent_cellPhone: 'Parent Phone',
    status: 'Status',
  },
  tutorbird: {
    first_name: 'First Name', last_name: 'Last Name', email: 'Email Address', cellPhone: 'Mobile Phone',
    parent_first_name: 'Parent First Name', parent_last_name: 'Parent Last Name', parent_email: 'Parent Email Address', parent_cellPhone: 'Parent Mobile Phone',
    status: 'Status',
  },
  opus1: {
    first_name: 'Student First Name', last_name: 'Student Last Name', email: 'Student Email', cellPhone: 'Student Phone',
    parent_first_name: 'Parent First Name', parent_last_name: 'Parent Last Name', parent_email: 'Parent Email', parent_cellPhone: 'Parent Phone',
    status: 'Status',
  },
};
/** The headers of each product's teachers (staff) export, as remembered (decision 095). */
export const TEACHER_SOURCE_COLUMNS: Record<ProductSource, Partial<Record<ImportColumn, string>>> = {
  mymusicstaff: { first_name: 'First Name', last_name: 'Last Name', email: 'Email', cellPhone: 'Phone', status: 'Status' },
  tutorbird: { first_name: 'First Name', last_name: 'Last Name', email: 'Email Address', cellPhone: 'Mobile Phone', status: 'Status' },
  opus1: { first_name: 'First Name', last_name: 'Last Name', email: 'Email', cellPhone: 'Phone', status: 'Status' },
};
/**
 * The headers of each product's lessons (calendar) export, as remembered: decision 099 says what
 * could be checked. Each names the student and the teacher by full name.
 */
export const LESSON_SOURCE_COLUMNS: Record<ProductSource, Partial<Record<ImportColumn, string>>> = {
  mymusicstaff: {
    student: 'Student', teacher: 'Teacher', weekday: 'Day', start_time: 'Time', duration: 'Duration', first_date: 'Start Date',
    end_date: 'End Date', lesson_type: 'Category',
  },
  tutorbird: {
    student: 'Student', teacher: 'Tutor', weekday: 'Day', start_time: 'Start Time', duration: 'Duration (Minutes)', first_date: 'Start Date',
    end_date: 'End Date', lesson_type: 'Category',
  },
  opus1: {
    student: 'Student Name', teacher: 'Teacher Name', weekday: 'Day of Week', start_time: 'Start Time', duration: 'Duration', first_date: 'Start Date',
    end_date: 'End Date', lesson_type: 'Lesson Type',
  },
};
export const SOURCE_COLUMNS_OF: Record<ImportKind, Record<ProductSource, Partial<Record<ImportColumn, string>>>> = {
  students: SOURCE_COLUMNS, teachers: TEACHER_SOURCE_COLUMNS, lessons: LESSON_SOURCE_COLUMNS,
};
/** The columns a mapped (or another product's) file must name; the rest may stay unmapped. */
const MAPPED_COLUMNS_NEEDED = ['first_name', 'last_name', 'email'] as const;
export const MAPPED_COLUMNS_NEEDED_OF: Record<ImportKind, readonly ImportColumn[]> = {
  students: MAPPED_COLUMNS_NEEDED, teachers: MAPPED_COLUMNS_NEEDED,
  lessons: ['student', 'teacher', 'start_time', 'duration', 'first_date'],
};
/** The body's error when a mapped file lacks a needed column. */
const PEOPLE_MAPPING_NEEDED = 'Choose the columns of first name, last name and email';
const MAPPING_NEEDED_MESSAGES: Record<ImportKind, string> = {
  students: PEOPLE_MAPPING_NEEDED, teachers: PEOPLE_MAPPING_NEEDED,
  lessons: 'Choose the columns of the student, the teacher, the start time, the duration and the first date',
};
const mappedHeader = safeString().max(200, 'A column name should allow only 200 characters.').optional();
/** Our column → the file's header holding it; a column left out is not read (a teachers file reads no parent's). */
export const importMapping = z.object(Object.fromEntries(ANY_IMPORT_COLUMNS.map((c) => [c, mappedHeader])) as Record<ImportColumn, typeof mappedHeader>);
const importFields = z.object({
  csv: safeString({ multiline: true }).min(1, 'Please choose a CSV file').max(2_000_000, 'The file is too large (2 MB at most)'),
  source: z.enum(IMPORT_SOURCES).default('cadenza'),
  mapping: importMapping.optional(),
});
/** A list's import body: a mapped file must name that list's needed columns. */
export const importBodyOf = (kind: ImportKind) =>
  importFields.refine((b) => b.source !== 'custom' || MAPPED_COLUMNS_NEEDED_OF[kind].every((c) => b.mapping?.[c]?.trim()), {
    path: ['mapping'], message: MAPPING_NEEDED_MESSAGES[kind],
  });
export type ImportBody = z.input<ReturnType<typeof importBodyOf>>;

export const importPreviewRow = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  parentEmail: z.string(),
  /** Field → message; empty when the row can be imported. */
  errors: z.record(z.string(), z.string()),
  /**
   * The same errors in words, each led by its column as the file names it ("Student Email: Please
   * provide a valid email address"), or our label for our own files (decision 095).
   */
  problems: z.array(z.string()),
  /** The row's person comes in inactive: its status column says so (decision 095). */
  inactive: z.boolean().optional(),
  /** Set when the person (or the lesson) is already in the school: the row adds nothing (decisions 094, 099). */
  skipped: z.boolean().optional(),
  /** A lessons file's row in words: "Mondays at 16:00, 30 minutes, with Sofia Marin, from 2027-03-01" (decision 099). */
  lesson: z.string().optional(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;
export const importPreview = z.object({
  rows: z.array(importPreviewRow),
  validCount: z.number().int(),
  errorCount: z.number().int(),
  skippedCount: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreview>;

// --- routes (decision 059) ----------------------------------------------------------------

/** A page of a list with the Active/Inactive figures (they follow the search and filters, not the status). */
export const memberList = listResultOf(memberListItem).extend({ activeCount: z.number().int(), inactiveCount: z.number().int() });
export type MemberList = z.infer<typeof memberList>;

/**
 * Any signed-in person calls them; the members policy decides what each may do (its function-level
 * right before the body is read, each record's in the service).
 */
const meta = { roles: 'signedIn', tags: ['members'] } as const;

/** Reading and exporting a list stays open to a lapsed school; adding or changing people waits (decision 071). */
const readMeta = { ...meta, lapsedSchool: 'open' } as const;

/** The calls of one list, under /member/{kind}. */
function peopleRoutesOf<const K extends PersonKindPath>(kind: K) {
  return {
    list: defineRoute({ method: 'POST', path: `/member/${kind}/list`, body: memberListBody, response: memberList, meta: readMeta }),
    add: defineRoute({ method: 'POST', path: `/member/${kind}/add`, body: PERSON_FORMS[kind], response: memberListItem, meta }),
    update: defineRoute({ method: 'POST', path: `/member/${kind}/update`, body: PERSON_UPDATE_FORMS[kind], response: memberListItem, meta }),
    changeStatus: defineRoute({ method: 'POST', path: `/member/${kind}/changeStatus`, body: memberStatusBody, response: memberListItem, meta }),
    resendInvitation: defineRoute({ method: 'POST', path: `/member/${kind}/resendInvitation`, body: memberIdBody, response: noData, meta }),
    remove: defineRoute({ method: 'DELETE', path: `/member/${kind}/remove`, body: memberIdBody, response: noData, meta }),
    view: defineRoute({ method: 'GET', path: `/member/${kind}/view/:id`, params: memberIdBody, response: memberProfile, meta: readMeta }),
    /** Every row of the list with its filters, as CSV. */
    export: defineRoute({ method: 'GET', path: `/member/${kind}/export`, querystring: memberExportQuery, response: fileResponse('text/csv'), meta: readMeta }),
  };
}

/** A list's CSV import: the preview writes nothing, the import writes the ready rows (decisions 094, 095). */
function importRoutesOf<const K extends ImportKind>(kind: K) {
  const body = importBodyOf(kind);
  return {
    importPreview: defineRoute({ method: 'POST', path: `/member/${kind}/import/preview`, body, response: importPreview, meta }),
    import: defineRoute({ method: 'POST', path: `/member/${kind}/import`, body, response: z.object({ count: z.number().int() }), meta }),
  };
}

/** The calls of any one list, as code that serves or calls the four alike sees them. */
export type PeopleRoutes = ReturnType<typeof peopleRoutesOf<PersonKindPath>>;

export const MEMBER_ROUTES = {
  subadmins: peopleRoutesOf('subadmins'),
  teachers: { ...peopleRoutesOf('teachers'), ...importRoutesOf('teachers') },
  students: {
    ...peopleRoutesOf('students'),
    updateInstruments: defineRoute({ method: 'POST', path: '/member/students/updateInstruments', body: updateInstrumentsBody, response: memberListItem, meta }),
    ...importRoutesOf('students'),
  },
  parents: peopleRoutesOf('parents'),
  /**
   * Weekly lessons from a CSV file, beside the people's imports whose file, mapping and preview
   * they share; each row is judged by the scheduling domain's add-lesson rules (decision 099).
   */
  lessons: importRoutesOf('lessons'),
  /** A parent's children (/member/children). */
  children: defineRoute({ method: 'GET', path: '/member/children', response: z.object({ results: z.array(child) }), meta: { roles: ['parent'], tags: ['members'], lapsedSchool: 'open' } }),
  /** Anyone of the four person roles the caller may view, and the caller themselves. */
  profile: defineRoute({ method: 'GET', path: '/member/profile/:id', params: memberIdBody, response: memberProfile, meta: { ...meta, lapsedSchool: 'open' } }),
  /** The people search of every form: the product keeps it under /auth (open to a lapsed school, as all of /auth). */
  filter: defineRoute({
    method: 'POST', path: '/auth/filter', body: filterBody, response: z.object({ results: z.array(filterOption) }),
    meta: { ...meta, lapsedSchool: 'open' },
  }),
};

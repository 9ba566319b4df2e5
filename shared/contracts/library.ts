import { z } from 'zod';
import { MAX_PAGE_SIZE, NAME_MAX, PAGE_SIZE } from '../constants.js';
import { STAFF_OR_PROVIDER_ROLES, type Role } from '../roles.js';
import { listQuery, optionalText, uuid } from './common.js';
import { defineRoute, fileResponse, listResultOf, noData } from './route.js';

/**
 * Files and the Library (issue 13, docs/domains/learning.md "Screens and routes", "Data and calls", "Limits"). /learning/library lists a school's
 * files ten a page (docs/domains/learning.md "Limits": library 10; a picker of documents takes up to 100). Uploads:
 * POST /api/fileUpload/upload (one file, form field `fileUpload`) and
 * POST /api/library/multiplefileUpload (several, form field `uploadedImages`). The rest under
 * /api/library: list, folders, share, unshare, shares, update, remove, and file/{id} (a signed,
 * expiring link that streams the file).
 *
 * Folders, not tags: one folder a file (or none), a flat list of names.
 */
export const LIBRARY_MAX_FILE_BYTES = 25 * 1024 * 1024;
export const LIBRARY_MAX_FILES = 10;
/** How long a file link of an answer stays valid: long enough to watch a video to its end. */
export const FILE_LINK_SECONDS = 4 * 60 * 60;
export const FOLDER_MAX = 60;

/** What the server accepts, decided from the file's first bytes (never its name). */
export const FILE_KINDS = ['pdf', 'image', 'audio', 'video', 'text'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_KIND_LABELS: Record<FileKind, string> = { pdf: 'PDF', image: 'Image', audio: 'Audio', video: 'Video', text: 'Text' };
/** The file picker's hint; the server decides from the bytes. */
export const ACCEPTED_FILE_TYPES = 'application/pdf,image/png,image/jpeg,image/gif,image/webp,audio/*,video/mp4,video/webm,text/plain,text/csv';

export const LIBRARY_MESSAGES = {
  fileRequired: 'Please choose a file to upload',
  tooLarge: `This file is too large: the limit is ${LIBRARY_MAX_FILE_BYTES / 1024 / 1024} MB`,
  tooMany: `Please upload at most ${LIBRARY_MAX_FILES} files at once`,
  typeRefused: 'This type of file is not allowed: upload a PDF, an image (PNG, JPEG, GIF, WEBP), audio (MP3, M4A, WAV, OGG), video (MP4, WEBM) or plain text',
  empty: 'This file is empty',
  uploaded: 'File uploaded successfully',
  uploadedMany: 'Files uploaded successfully',
  updated: 'File updated successfully',
  deleted: 'File deleted successfully',
  shared: 'File shared successfully',
  unshared: 'Sharing removed',
  notFound: 'File not found',
  linkInvalid: 'This link has expired or the file is gone',
  folderMax: `Folder should allow only ${FOLDER_MAX} characters.`,
  nameRequired: 'File Name is Required',
  nameMax: `File Name should allow only ${NAME_MAX} characters.`,
  shareTargetRequired: 'Please choose students or a class/group',
  studentOfSchool: 'Please choose students of this school',
  ownStudents: 'Please choose your own students',
  groupOfSchool: 'Please choose a class/group of this school',
  ownGroup: 'Please choose one of your classes/groups',
  superadminShares: 'The provider library is not shared with students',
} as const;

const folderField = optionalText(FOLDER_MAX, LIBRARY_MESSAGES.folderMax);

/** The library's list: a folder narrows it; `mine` is a teacher's own uploads only. */
export const libraryListBody = listQuery(['createdAt', 'name', 'size'] as const, PAGE_SIZE.library).extend({
  limit: z.coerce.number().int().min(1).max(Math.max(MAX_PAGE_SIZE, PAGE_SIZE.documents)).default(PAGE_SIZE.library),
  folder: folderField.optional(),
  kind: z.enum(FILE_KINDS).optional(),
});
export type LibraryListQuery = z.input<typeof libraryListBody>;

/** The text fields of a multiple upload (beside the files): the folder they go in. */
export const uploadFields = z.object({ folder: folderField.default('') });

export const fileIdBody = z.object({ id: uuid });

export const updateFileBody = z.object({
  id: uuid,
  name: optionalText(NAME_MAX, LIBRARY_MESSAGES.nameMax).min(1, LIBRARY_MESSAGES.nameRequired),
  folder: folderField.default(''),
  /** Staff only: teachers of the school see it too (and may share it with their students). */
  sharedWithTeachers: z.boolean().default(false),
});
export type UpdateFileInput = z.input<typeof updateFileBody>;

export const shareFileBody = z.object({
  id: uuid,
  studentIds: z.array(uuid).max(200).default([]),
  classGroupIds: z.array(uuid).max(50).default([]),
}).refine((b) => b.studentIds.length + b.classGroupIds.length > 0, { message: LIBRARY_MESSAGES.shareTargetRequired, path: ['studentIds'] });
export type ShareFileInput = z.input<typeof shareFileBody>;

export const unshareFileBody = z.object({ id: uuid, shareId: uuid });

/** The signed link's query (made by the server; see server/services/storage/signed-links.ts). */
export const fileLinkParams = z.object({ id: uuid });
export const fileLinkQuery = z.object({
  /** The file's school (or the provider): the link's lookup runs in that school's scope. */
  school: uuid,
  exp: z.coerce.number().int().min(0).max(1e11),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, LIBRARY_MESSAGES.linkInvalid).max(64),
  download: z.enum(['0', '1']).optional(),
});

// --- answers ------------------------------------------------------------------------------

/** A file as another part shows it (a course's attachment, an uploaded cover image). */
export const fileRef = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.string(),
  kind: z.enum(FILE_KINDS),
  size: z.number(),
  /** The signed link (server/modules/library/presenter.ts fileLink), and the same with download=1. */
  url: z.string(),
  downloadUrl: z.string(),
});
export type FileRef = z.infer<typeof fileRef>;

export const libraryShare = z.object({
  _id: z.string(),
  student: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  classGroup: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type LibraryShare = z.infer<typeof libraryShare>;

export const libraryFile = fileRef.extend({
  folder: z.string(),
  sharedWithTeachers: z.boolean(),
  owner: z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  createdAt: z.string(),
  /** What the caller may do with it. */
  canManage: z.boolean(),
  canShare: z.boolean(),
  shareCount: z.number().int(),
});
export type LibraryFile = z.infer<typeof libraryFile>;

export const libraryListAnswer = listResultOf(libraryFile).extend({ folders: z.array(z.string()) });
export type LibraryListAnswer = z.infer<typeof libraryListAnswer>;
export const uploadManyAnswer = z.object({ results: z.array(fileRef) });
export type UploadManyAnswer = z.infer<typeof uploadManyAnswer>;
export const libraryShares = z.object({ results: z.array(libraryShare) });

// --- routes (decision 059) ----------------------------------------------------------------

/** Everyone but parents (server/policies/library.ts); the policy decides what each may do. */
export const LIBRARY_MEMBER_ROLES = [...STAFF_OR_PROVIDER_ROLES, 'teacher', 'student'] as const satisfies readonly Role[];
export const LIBRARY_UPLOAD_ROLES = [...STAFF_OR_PROVIDER_ROLES, 'teacher'] as const satisfies readonly Role[];

/** What the signed link streams: the types server/services/storage/sniff-content-type.ts accepts. */
export const SERVED_CONTENT_TYPES = [
  'application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp',
  'audio/wav', 'audio/ogg', 'audio/mpeg', 'audio/mp4', 'video/mp4', 'video/webm', 'text/plain',
] as const;

const tags = ['library'];
const member = { roles: LIBRARY_MEMBER_ROLES, tags } as const;
const uploader = { roles: LIBRARY_UPLOAD_ROLES, tags } as const;

export const LIBRARY_ROUTES = {
  /** The signed link: no session (an <img> or <audio> sends none); the signature is the key. */
  file: defineRoute({
    method: 'GET', path: '/library/file/:id', params: fileLinkParams, querystring: fileLinkQuery,
    response: fileResponse(...SERVED_CONTENT_TYPES), meta: { roles: 'public', tags },
  }),
  /** Multipart (form field uploadedImages, and a folder): its body stays out of the contract (decision 059). */
  uploadMany: defineRoute({ method: 'POST', path: '/library/multiplefileUpload', response: uploadManyAnswer, meta: uploader }),
  list: defineRoute({ method: 'POST', path: '/library/list', body: libraryListBody, response: libraryListAnswer, meta: { ...member, lapsedSchool: 'open' } }),
  view: defineRoute({ method: 'POST', path: '/library/view', body: fileIdBody, response: libraryFile, meta: { ...member, lapsedSchool: 'open' } }),
  update: defineRoute({ method: 'POST', path: '/library/update', body: updateFileBody, response: libraryFile, meta: member }),
  remove: defineRoute({ method: 'DELETE', path: '/library/remove', body: fileIdBody, response: noData, meta: member }),
  shares: defineRoute({ method: 'POST', path: '/library/shares', body: fileIdBody, response: libraryShares, meta: { ...member, lapsedSchool: 'open' } }),
  share: defineRoute({ method: 'POST', path: '/library/share', body: shareFileBody, response: libraryShares, meta: member }),
  unshare: defineRoute({ method: 'POST', path: '/library/unshare', body: unshareFileBody, response: libraryShares, meta: member }),
  /** Multipart (form field fileUpload): one file for one use, kept out of the Library's list; no body schema (decision 059). */
  uploadOne: defineRoute({ method: 'POST', path: '/fileUpload/upload', response: fileRef, meta: uploader }),
};

/** "1.2 MB" */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

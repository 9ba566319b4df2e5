import { z } from 'zod';
import { MAX_PAGE_SIZE, NAME_MAX, PAGE_SIZE } from '../constants.js';
import { listQuery, optionalText, uuid, type ListResult } from './common.js';

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

export type LibraryShare = {
  _id: string;
  student: { _id: string; first_name: string; last_name: string } | null;
  classGroup: { _id: string; name: string } | null;
  createdAt: string;
};

export type LibraryFile = FileRef & {
  folder: string;
  sharedWithTeachers: boolean;
  owner: { _id: string; first_name: string; last_name: string } | null;
  createdAt: string;
  /** What the caller may do with it. */
  canManage: boolean;
  canShare: boolean;
  shareCount: number;
};

export type LibraryListAnswer = ListResult<LibraryFile> & { folders: string[] };
export type UploadManyAnswer = { results: FileRef[] };

/** "1.2 MB" */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import { FILE_LINK_SECONDS, LIBRARY_ROUTES, type FileKind, type FileRef, type LibraryFile, type LibraryShare } from '../../../shared/contracts/library.js';
import { pathOf } from '../../../shared/contracts/route.js';

export type FileRow = {
  id: string;
  adminId: string;
  ownerId: string | null;
  name: string;
  contentType: string;
  kind: string;
  sizeBytes: number;
  folder: string;
  sharedWithTeachers: boolean;
  createdAt: Date;
};

/**
 * Links expire on a ten-minute grid, so the same file keeps the same link across a page's
 * refetches (the browser's cache and a playing <audio> keep working).
 */
export function linkExpiry(now: Date): number {
  return Math.ceil((now.getTime() / 1000 + FILE_LINK_SECONDS) / 600) * 600;
}

export function fileLink(signer: FileLinkSigner, row: Pick<FileRow, 'id' | 'adminId'>, now: Date): string {
  const exp = linkExpiry(now);
  return `/api${pathOf(LIBRARY_ROUTES.file, { id: row.id })}?school=${row.adminId}&exp=${exp}&sig=${signer.sign(row.id, row.adminId, exp)}`;
}

export function presentFileRef(row: FileRow, signer: FileLinkSigner, now: Date): FileRef {
  const url = fileLink(signer, row, now);
  return { _id: row.id, name: row.name, type: row.contentType, kind: row.kind as FileKind, size: row.sizeBytes, url, downloadUrl: `${url}&download=1` };
}

export type FileListRow = FileRow & { ownerFirstName: string | null; ownerLastName: string | null; shareCount: number };

export function presentLibraryFile(row: FileListRow, signer: FileLinkSigner, now: Date, may: { manage: boolean; share: boolean }): LibraryFile {
  return {
    ...presentFileRef(row, signer, now),
    folder: row.folder,
    sharedWithTeachers: row.sharedWithTeachers,
    owner: row.ownerId ? { _id: row.ownerId, first_name: row.ownerFirstName ?? '', last_name: row.ownerLastName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    canManage: may.manage,
    canShare: may.share,
    shareCount: row.shareCount,
  };
}

export type ShareRow = {
  id: string;
  studentId: string | null;
  studentFirstName: string | null;
  studentLastName: string | null;
  classGroupId: string | null;
  classGroupName: string | null;
  createdAt: Date;
};

export function presentShare(r: ShareRow): LibraryShare {
  return {
    _id: r.id,
    student: r.studentId ? { _id: r.studentId, first_name: r.studentFirstName ?? '', last_name: r.studentLastName ?? '' } : null,
    classGroup: r.classGroupId ? { _id: r.classGroupId, name: r.classGroupName ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
  };
}

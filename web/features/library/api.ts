import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/contracts/common';
import {
  LIBRARY_ROUTES as R, type FileKind, type FileRef, type ShareFileInput, type UpdateFileInput, type UploadManyAnswer,
} from '../../../shared/contracts/library';
import { pathOf } from '../../../shared/contracts/route';
import { PAGE_SIZE } from '../../../shared/constants';
import { API_BASE, ApiError, GENERIC_ERROR, NETWORK_ERROR } from '../../lib/api';
import { callApi } from '../../lib/callApi';
import { currentToken } from '../../lib/session';

export const LIBRARY_PAGE_SIZE = PAGE_SIZE.library;
const LIBRARY_KEY = ['library'] as const;

export type LibraryListParams = { page: number; search: string; folder: string | null; kind: FileKind | null };

export function useLibraryList({ page, search, folder, kind }: LibraryListParams) {
  return useQuery({
    queryKey: [...LIBRARY_KEY, 'list', { page, search, folder, kind }],
    queryFn: async () => (await callApi(R.list, {
      body: { page, limit: LIBRARY_PAGE_SIZE, search: search || undefined, folder: folder ?? undefined, kind: kind ?? undefined, sortBy: 'createdAt', orderBy: -1 },
    })).data,
    placeholderData: keepPreviousData,
  });
}

export function useShares(fileId: string | null) {
  return useQuery({
    queryKey: [...LIBRARY_KEY, 'shares', fileId],
    queryFn: async () => (await callApi(R.shares, { body: { id: fileId ?? '' } })).data.results,
    enabled: fileId !== null,
  });
}

function useLibraryMutation<V, T>(call: (values: V) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: LIBRARY_KEY }) });
}

export const useUpdateFile = () => useLibraryMutation((v: UpdateFileInput) => callApi(R.update, { body: v }));
export const useDeleteFile = () => useLibraryMutation((id: string) => callApi(R.remove, { body: { id } }));
export const useShareFile = () => useLibraryMutation((v: ShareFileInput) => callApi(R.share, { body: v }));
export const useUnshareFile = () => useLibraryMutation((v: { id: string; shareId: string }) => callApi(R.unshare, { body: v }));
export const invalidateLibrary = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: LIBRARY_KEY });

/**
 * Uploads one file to POST /library/multiplefileUpload with XMLHttpRequest, whose upload events
 * give the progress bar (fetch has none). The answer is the envelope, as api.ts reads it.
 */
export function uploadFile(file: File, folder: string, onProgress: (percent: number) => void): Promise<UploadManyAnswer> {
  return postFile<UploadManyAnswer>(pathOf(R.uploadMany), 'uploadedImages', file, { folder }, onProgress);
}

/** POST /fileUpload/upload: one file for one use (a course's cover), kept out of the Library's list. */
export function uploadForOneUse(file: File, onProgress: (percent: number) => void = () => {}): Promise<FileRef> {
  return postFile<FileRef>(pathOf(R.uploadOne), 'fileUpload', file, {}, onProgress);
}

function postFile<T>(path: string, field: string, file: File, fields: Record<string, string>, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    const token = currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR));
    xhr.onload = () => {
      let body: Partial<Envelope<T>> | null;
      try {
        body = JSON.parse(xhr.responseText) as Partial<Envelope<T>>;
      } catch {
        body = null;
      }
      if (xhr.status === 200 && body?.data) {
        onProgress(100);
        resolve(body.data);
      } else {
        reject(new ApiError(xhr.status, body?.message || GENERIC_ERROR, body?.errors ?? {}));
      }
    };
    xhr.send(form);
  });
}

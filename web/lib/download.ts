/**
 * Files the API serves (a CSV export, a PDF): fetched with the bearer token like any call, because
 * a plain link would carry no token, then handed to the browser as a download. The path is the file
 * route's contract's (`pathOf(contract, params)` of shared/contracts/route.ts, decision 059), with
 * its query when it takes one.
 */
import { API_BASE, ApiError, GENERIC_ERROR, NETWORK_ERROR } from './api';
import { currentToken } from './session';

/** The name the server gives the file (Content-Disposition), or the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** A GET of `path` (`pathOf(contract, params)`), or a POST of `body` as JSON when one is given (an export with many filters). */
export async function downloadFile(path: string, fallbackName: string, body?: unknown): Promise<void> {
  const token = currentToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(
      `${API_BASE}${path}`,
      body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
    );
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) {
    let message = GENERIC_ERROR;
    try {
      message = ((await response.json()) as { message?: string }).message || GENERIC_ERROR;
    } catch {
      // not an envelope: keep the generic words
    }
    throw new ApiError(response.status, message);
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameOf(response, fallbackName));
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

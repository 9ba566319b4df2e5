import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';

/** Calls under /api/invoices. */
export function invoiceCalls(t: TestApp) {
  const call = (path: string, token: string | undefined, body?: unknown, method: 'POST' | 'GET' = 'POST') =>
    t.call(method, `/api/invoices${path}`, { token, body });
  return {
    call,
    async ok(path: string, token: string, body?: unknown, method: 'POST' | 'GET' = 'POST') {
      const res = await call(path, token, body, method);
      expect(res.status, `${path}: ${JSON.stringify(res.body.errors ?? res.body.message)}`).toBe(200);
      return res.body.data;
    },
  };
}

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF, as a reader selecting it would copy it (lines joined by spaces). */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

import { randomBytes } from 'node:crypto';

export type Part = { name: string; filename: string; content: Buffer; type?: string } | { name: string; value: string };

/** A multipart/form-data body, as a browser's FormData sends one, for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cadenza${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head = 'value' in p
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), 'value' in p ? Buffer.from(p.value, 'utf8') : p.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3-compatible server for tests: path-style PUT, GET (with Range) and DELETE of objects,
 * each refused unless it carries a SigV4 Authorization header for the expected access key (the
 * SDK's signing is real; its exact bytes are the SDK's business). Answers S3's XML errors.
 */
export type FakeS3 = {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: { method: string; path: string; authorized: boolean }[];
  close(): Promise<void>;
};

const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(bucket: string, accessKeyId: string): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const auth = req.headers.authorization ?? '';
      const authorized = auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) && /SignedHeaders=[^,]*host/.test(auth) && /Signature=[0-9a-f]{64}/.test(auth)
        && typeof req.headers['x-amz-date'] === 'string';
      requests.push({ method: req.method ?? '', path: url.pathname, authorized });
      const send = (status: number, body: string | Buffer = '', headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/xml', ...headers });
        res.end(body);
      };
      if (!authorized) return send(403, xmlError('AccessDenied', 'Missing or foreign signature'));
      const [, b, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (b !== bucket) return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
      if (req.method === 'PUT') {
        const body = await bodyOf(req);
        if (req.headers['content-length'] && Number(req.headers['content-length']) !== body.length) return send(400, xmlError('IncompleteBody', 'Length mismatch'));
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
        return send(200, '', { etag: '"fake"' });
      }
      if (req.method === 'GET') {
        const obj = objects.get(key);
        if (!obj) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
        if (range) {
          const [start, end] = [Number(range[1]), Math.min(Number(range[2]), obj.body.length - 1)];
          return send(206, obj.body.subarray(start, end + 1), { 'content-type': obj.contentType, 'content-range': `bytes ${start}-${end}/${obj.body.length}` });
        }
        return send(200, obj.body, { 'content-type': obj.contentType, 'content-length': String(obj.body.length) });
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        return send(204);
      }
      return send(405, xmlError('MethodNotAllowed', 'Not here'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

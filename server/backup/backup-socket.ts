import { chmod, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { isAbsolute, join } from 'node:path';
import { writeBackup, type BackupSource } from './write-backup.js';

/**
 * Only one process may open the embedded database, so `npm run backup` asks the running server
 * for the copy through a socket file in the data folder (decision 085). Whoever can reach the
 * socket can already read the folder itself: it is made readable by its owner only.
 */
export const socketPath = (dataDir: string) => join(dataDir, 'backup.sock');

type BackupAnswer = { path: string; bytes: number } | { error: string };

export async function serveBackups(source: BackupSource, onError: (error: unknown) => void): Promise<Server> {
  const path = socketPath(source.dataDir);
  // A socket file left by a server that crashed; the data folder's lock says none runs now.
  await rm(path, { force: true });
  let busy: Promise<unknown> = Promise.resolve();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { body += chunk.length + body.length <= 4096 ? chunk : ''; });
    req.on('end', () => {
      const answer = (status: number, value: BackupAnswer) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      let out: unknown;
      try {
        out = (JSON.parse(body) as { path?: unknown }).path;
      } catch {
        out = undefined;
      }
      if (req.method !== 'POST' || req.url !== '/backup' || typeof out !== 'string' || !isAbsolute(out)) {
        answer(400, { error: 'POST /backup with {"path": an absolute file path}' });
        return;
      }
      // One backup at a time: a second waits for the first instead of copying the folder twice at once.
      const run = busy.then(() => writeBackup(source, out));
      busy = run.catch(() => {});
      run.then((written) => answer(200, written), (error: unknown) => {
        onError(error);
        answer(500, { error: (error as Error).message });
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  server.on('close', () => void rm(path, { force: true }));
  return server;
}

/** The running server's answer to a backup request, or null when no server answers on the folder's socket. */
export function askServerForBackup(dataDir: string, out: string): Promise<BackupAnswer | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socketPath(dataDir), path: '/backup', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => {
        try {
          resolve(JSON.parse(text) as BackupAnswer);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => (['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? resolve(null) : reject(error)));
    req.end(JSON.stringify({ path: out }));
  });
}

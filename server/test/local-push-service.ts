import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on this machine that speaks the Web Push protocol, and the browser behind it:
 * RFC 8030 (a POST with TTL), RFC 8292 (the VAPID Authorization header `vapid t=<JWT>, k=<key>`,
 * whose ES256 signature is checked with k, its audience, expiry and subject) and RFC 8291/8188
 * (the aes128gcm body, decrypted with the browser's P-256 key and auth secret as a browser would).
 * Each subscription answers the status a test gives it (201, or 410 for one the service forgot).
 */
export type ReceivedPush = { payload: unknown; ttl: number; vapidKey: string; jwt: { aud: string; exp: number; sub: string } };
export type PushRefusal = { path: string; reason: string };
export type LocalSubscription = {
  /** The PushSubscription's JSON, as the browser's `subscription.toJSON()` gives it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** The status the push service answers (201 sent; 404/410 gone; 500 a failure; 0 never answers). */
  status: number;
};
export type LocalPushService = {
  origin: string;
  subscribe(status?: number): LocalSubscription;
  /** Requests refused as malformed (no TTL, a bad signature, a body that did not decrypt). */
  refused: PushRefusal[];
  close(): Promise<void>;
};

const b64u = (b: Buffer) => b.toString('base64url');

/**
 * `hostName`: the name the subscriptions' addresses use instead of 127.0.0.1 (the test's DNS
 * answers it with this machine), for the tests of how the sender resolves names.
 */
export async function startLocalPushService(options: { hostName?: string } = {}): Promise<LocalPushService> {
  const subs = new Map<string, LocalSubscription & { ecdh: ReturnType<typeof createECDH>; authSecret: Buffer }>();
  const refused: PushRefusal[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = req.url ?? '';
      const sub = subs.get(path);
      if (req.method !== 'POST' || !sub) return void res.writeHead(404).end();
      if (sub.status === 0) return; // a push service that hangs: the sender's timeout must end it
      try {
        const push = acceptPush(req, body, origin, sub.ecdh, sub.authSecret);
        if (sub.status >= 200 && sub.status < 300) sub.received.push(push);
        res.writeHead(sub.status, sub.status === 201 ? { location: `${origin}/message/${randomBytes(4).toString('hex')}` } : {}).end();
      } catch (error) {
        refused.push({ path, reason: (error as Error).message });
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://${options.hostName ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    refused,
    subscribe(status = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('hex')}`;
      const sub = {
        json: { endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) } },
        received: [] as ReceivedPush[],
        status,
        ecdh,
        authSecret,
      };
      subs.set(path, sub);
      return sub;
    },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function acceptPush(req: IncomingMessage, body: Buffer, origin: string, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): ReceivedPush {
  const ttl = Number(req.headers.ttl);
  if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL header');
  if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
  const { jwt, key } = verifyVapid(req.headers.authorization ?? '', origin);
  const payload = JSON.parse(decryptAes128gcm(body, ecdh, authSecret).toString('utf8')) as unknown;
  return { payload, ttl, vapidKey: key, jwt };
}

/** RFC 8292: `vapid t=<JWT>, k=<the server's P-256 public key>`; the JWT ES256-signed by that key. */
function verifyVapid(header: string, origin: string) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!m) throw new Error('no VAPID Authorization header');
  const [token, key] = [m[1]!, m[2]!];
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: 'jwk' });
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('the VAPID signature does not verify');
  if ((JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg !== 'ES256') throw new Error('not ES256');
  const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['jwt'];
  const now = Date.now() / 1000;
  if (jwt.aud !== origin) throw new Error(`aud ${jwt.aud} is not ${origin}`);
  if (!(jwt.exp > now && jwt.exp <= now + 24 * 3600)) throw new Error('exp outside the next 24 hours');
  if (!/^(mailto:|https:)/.test(jwt.sub)) throw new Error('sub is not mailto: or https:');
  return { jwt, key };
}

/** RFC 8291 (keys) over RFC 8188 (one aes128gcm record), as the browser decrypts a push. */
function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

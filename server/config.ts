import { resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.js';

/** Every setting of the app, read once from the environment (the README lists them). */
const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(0).max(3650).default(14),
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(2),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cadenza <no-reply@cadenza.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('0'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  ENCRYPTION_KEY: z.string().optional(),
  AUTHORIZENET_API_URL: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
  CHAT_SESSION_CHECK_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  PUSH_ALLOW_INSECURE_ENDPOINTS: z.enum(['0', '1']).default('0'),
  NODE_ENV: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  databaseUrl?: string;
  dataDir: string;
  /**
   * The embedded database's nightly backups (decision 085): where they go (BACKUP_DIR, by default
   * DATA_DIR/backups), how many days of them are kept (BACKUP_KEEP_DAYS, 0 = none are written) and
   * from which hour of this machine's day (BACKUP_HOUR). Unused on PostgreSQL.
   */
  backups: { dir: string; keepDays: number; hour: number };
  seedDemo: boolean;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: z.infer<typeof env>['LOG_LEVEL'];
  /** Whose X-Forwarded-For to believe (server/lib/trust-proxy.ts). */
  trustProxy: TrustProxy;
  dbPoolSize: number;
  /** 32 bytes that encrypt stored secrets; unset, a key kept in DATA_DIR/encryption.key is used (server/lib/secret-box.ts). */
  encryptionKey?: Buffer;
  /**
   * Where Authorize.Net calls go instead of its own sandbox and production URLs (a test server);
   * only https, or http to this machine (server/services/payments/gateway-for-school.ts).
   */
  authorizeNetApiUrl?: string;
  /** Uploaded files go to this S3-compatible bucket when S3_BUCKET is set; else DATA_DIR/uploads. */
  s3?: S3Config;
  /**
   * How often each node re-checks the sessions of its chat sockets, and drops those that ended
   * (logout, expiry, a deactivated account); every socket event is checked as well.
   */
  chatSessionCheckMs: number;
  /**
   * Web push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither) replace the key pair the app
   * makes once and keeps in the database; VAPID_SUBJECT is the contact push services see
   * (mailto: or https:), by default the MAIL_FROM address.
   */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /**
   * Test only: lets a push subscription name a plain-http or local push service. Off, the server
   * posts only to https push services on the internet (no IP literal, no localhost).
   */
  pushAllowInsecureEndpoints: boolean;
  /**
   * Whether an answer is checked against its route's contract (decision 059): 'fail' in tests
   * (NODE_ENV=test: a mismatch answers 500 with the reason), 'log' in development
   * (NODE_ENV=development, `npm run dev`), 'off' otherwise: `npm start` is how a school runs
   * Cadenza, and the check costs a parse of every answer. It never changes what is sent.
   */
  responseCheck: 'fail' | 'log' | 'off';
};

export type S3Config = { endpoint?: string; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };

export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const e = env.parse(source);
  if (e.DATABASE_URL && e.SEED_DEMO === '1') {
    // The demo's logins share one published password: on a server others can reach, that is an open door.
    throw new Error('SEED_DEMO=1 is refused on PostgreSQL: the demo has a known password. Create the first superadmin with `npm run setup` (see README).');
  }
  return {
    port: e.PORT,
    // The embedded quick start is for this machine only (its demo has a known password); a
    // PostgreSQL node serves a network, behind its load balancer.
    host: e.HOST || (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: resolve(e.DATA_DIR),
    backups: { dir: resolve(e.BACKUP_DIR || `${e.DATA_DIR}/backups`), keepDays: e.BACKUP_KEEP_DAYS, hour: e.BACKUP_HOUR },
    // The embedded database is the demo: seeded when empty. PostgreSQL never (refused above).
    seedDemo: !e.DATABASE_URL && e.SEED_DEMO !== '0',
    redisUrl: e.REDIS_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dbPoolSize: e.DB_POOL_SIZE,
    encryptionKey: e.ENCRYPTION_KEY ? parseEncryptionKey(e.ENCRYPTION_KEY) : undefined,
    authorizeNetApiUrl: e.AUTHORIZENET_API_URL ? parseGatewayUrl(e.AUTHORIZENET_API_URL) : undefined,
    s3: e.S3_BUCKET ? {
      endpoint: e.S3_ENDPOINT || undefined,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
      // A custom endpoint is nearly always MinIO-like (bucket in the path); AWS itself takes virtual hosts.
      forcePathStyle: e.S3_FORCE_PATH_STYLE ? ['1', 'true'].includes(e.S3_FORCE_PATH_STYLE) : Boolean(e.S3_ENDPOINT),
    } : undefined,
    chatSessionCheckMs: e.CHAT_SESSION_CHECK_MS,
    vapid: parseVapid(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT, e.MAIL_FROM),
    pushAllowInsecureEndpoints: e.PUSH_ALLOW_INSECURE_ENDPOINTS === '1',
    responseCheck: e.NODE_ENV === 'test' ? 'fail' : e.NODE_ENV === 'development' ? 'log' : 'off',
  };
}

/** The VAPID settings: a half pair or a subject that is not mailto:/https: stops the start. */
export function parseVapid(publicKey: string | undefined, privateKey: string | undefined, subject: string | undefined, mailFrom: string): Config['vapid'] {
  if (Boolean(publicKey) !== Boolean(privateKey)) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  if (publicKey && !/^[A-Za-z0-9_-]{87}$/.test(publicKey)) throw new Error('VAPID_PUBLIC_KEY must be a P-256 public key in base64url (npx web-push generate-vapid-keys)');
  if (privateKey && !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (npx web-push generate-vapid-keys)');
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const chosen = subject || `mailto:${address}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(chosen)) throw new Error('VAPID_SUBJECT must be a mailto: or https: address');
  return { publicKey: publicKey || undefined, privateKey: privateKey || undefined, subject: chosen };
}

/** ENCRYPTION_KEY: 32 bytes as 64 hex digits or as base64; anything else stops the start. */
export function parseEncryptionKey(value: string): Buffer {
  const v = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : /^[A-Za-z0-9+/]{43}=?$/.test(v) ? Buffer.from(v, 'base64') : null;
  if (!key || key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)');
  return key;
}

/**
 * AUTHORIZENET_API_URL: card numbers go to it, so it must be https, or plain http to this
 * machine only (a local test server); anything else stops the start.
 */
export function parseGatewayUrl(value: string): string {
  const url = new URL(value);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error('AUTHORIZENET_API_URL must be an https URL (or http to localhost, for a test server)');
  }
  return url.toString();
}

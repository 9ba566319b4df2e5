import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('settings', () => {
  it('runs the demo on PGlite by default, on port 3000 of this machine only', () => {
    const c = readConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', appUrl: 'http://localhost:3000', seedDemo: true, databaseUrl: undefined });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('listens where HOST says, and on every address on PostgreSQL unless HOST says otherwise', () => {
    expect(readConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readConfig({ DATABASE_URL: 'postgres://x@h/db' }).host).toBe('0.0.0.0');
    expect(readConfig({ DATABASE_URL: 'postgres://x@h/db', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('never seeds the demo, with its known password, into PostgreSQL', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://x@h/db' }).seedDemo).toBe(false);
    expect(() => readConfig({ DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: '1' })).toThrow(/SEED_DEMO=1 is refused on PostgreSQL/);
    expect(readConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('builds links from PORT or APP_URL', () => {
    expect(readConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(readConfig({ APP_URL: 'https://school.example/' }).appUrl).toBe('https://school.example');
  });

  it('refuses a setting it cannot use', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow();
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow();
  });

  it('checks answers against their contracts in tests and development only', () => {
    expect(readConfig({}).responseCheck).toBe('off');
    expect(readConfig({ NODE_ENV: 'production' }).responseCheck).toBe('off');
    expect(readConfig({ NODE_ENV: 'development' }).responseCheck).toBe('log');
    expect(readConfig({ NODE_ENV: 'test' }).responseCheck).toBe('fail');
  });

  it('takes web push settings: a VAPID pair or none, a mailto:/https: subject, local push services off', () => {
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    expect(readConfig({})).toMatchObject({ vapid: { subject: 'mailto:no-reply@cadenza.local' }, pushAllowInsecureEndpoints: false });
    expect(readConfig({ ...pair, VAPID_SUBJECT: 'https://school.example/contact' }).vapid).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY, subject: 'https://school.example/contact' });
    expect(readConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' }).pushAllowInsecureEndpoints).toBe(true);
    expect(() => readConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/both or neither/);
    expect(() => readConfig({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => readConfig({ VAPID_SUBJECT: 'http://school.example' })).toThrow(/VAPID_SUBJECT/);
  });
});

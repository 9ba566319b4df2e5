import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('settings', () => {
  it('runs the demo on PGlite by default, on port 3000', () => {
    const c = readConfig({});
    expect(c).toMatchObject({ port: 3000, appUrl: 'http://localhost:3000', seedDemo: true, databaseUrl: undefined });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('seeds PostgreSQL only when SEED_DEMO=1', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://x@h/db' }).seedDemo).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
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
});

import { describe, expect, it } from 'vitest';
import { readConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { MODULES } from '../../modules/index.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { answerOrUnknown, callThenRecord, CHARGE_ONCE, chargeKind, lookUpLostAnswer, reconcileKinds, reconcileLostAnswers, staleBefore, type SettledAnswer } from './charge-once.js';
import { GatewayUnavailableError, type GatewayResult, type PaymentGateway } from './gateway.js';
import { createSandboxGateway } from './sandbox-gateway.js';
import { createMemoryStorage } from '../storage/memory-storage.js';

/** The charge-once core (decision 070): one set of limits, the unknown answer, reconciliation's question. */
const approved: GatewayResult = { approved: true, transactionId: '60000000001', responseCode: '1', message: 'This transaction has been approved.' };
const refs = (since: Date) => ({ idempotencyKey: 'k', invoiceNumber: 'INV-000001', since });
const gatewayThat = (findCharge: PaymentGateway['findCharge']): PaymentGateway => ({ ...createSandboxGateway(), findCharge });

describe('charge-once', () => {
  it('gives invoices, school plans and store orders one set of limits: one reconciliation job sweeps all three kinds', () => {
    // Every module's kinds (server/modules/reconcile-lost-answers.test.ts runs them); no module keeps a sweep of its own.
    const kinds = MODULES.flatMap((m) => m.chargeKinds?.({ db: {} as Database, config: readConfig({ APP_URL: 'http://cadenza.test', NODE_ENV: 'test' }) }) ?? []);
    expect(kinds.map((k) => k.name).sort()).toEqual(['invoice', 'school-plan', 'store-order']);
    const sweeps = new Map<string, number | undefined>();
    const jobs = { register: (name: string, _handler: unknown, every?: number) => void sweeps.set(name, every), trigger: () => undefined } as unknown as JobRunner;
    for (const m of MODULES) m.jobs?.({ jobs, db: {} as Database, config: readConfig({ APP_URL: 'http://cadenza.test', NODE_ENV: 'test' }), storage: createMemoryStorage(), onError: () => undefined });
    expect([...sweeps.keys()].filter((name) => name.startsWith('reconcile'))).toEqual([]);
    expect(CHARGE_ONCE.duplicateWindowSeconds * 1_000).toBeGreaterThan(CHARGE_ONCE.staleAfterMs);
    expect(staleBefore(new Date(1_000_000))).toEqual(new Date(1_000_000 - CHARGE_ONCE.staleAfterMs));
  });

  it('answers null for an answer that never came, and lets every other error through', async () => {
    expect(await answerOrUnknown(async () => approved)).toBe(approved);
    expect(await answerOrUnknown(() => Promise.reject(new GatewayUnavailableError()))).toBeNull();
    await expect(answerOrUnknown(() => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug');
  });

  it('records a known answer and leaves an unknown one to `unknown`', async () => {
    const steps = (call: () => Promise<GatewayResult>) => ({
      call,
      record: async (attempt: string, result: GatewayResult) => `${attempt} recorded ${result.transactionId}`,
      unknown: (attempt: string) => `${attempt} pending`,
    });
    expect(await callThenRecord('a1', steps(async () => approved))).toBe('a1 recorded 60000000001');
    expect(await callThenRecord('a2', steps(() => Promise.reject(new GatewayUnavailableError())))).toBe('a2 pending');
    await expect(callThenRecord('a3', steps(() => Promise.reject(new Error('a bug'))))).rejects.toThrow('a bug');
  });

  it('asks the gateway what became of a lost answer: known, changed account, waiting, then given up', async () => {
    const now = new Date();
    const since = new Date(now.getTime() - CHARGE_ONCE.staleAfterMs);
    expect(await lookUpLostAnswer(gatewayThat(async () => approved), refs(since), now)).toEqual({ kind: 'known', result: approved });
    expect(await lookUpLostAnswer(gatewayThat(async () => null), refs(since), now)).toEqual({ kind: 'known', result: null });
    const sandbox = gatewayThat(async () => approved);
    expect(await lookUpLostAnswer(sandbox, refs(since), now, { gateway: 'authorizenet', testMode: sandbox.testMode })).toEqual({ kind: 'changed' });
    expect(await lookUpLostAnswer(sandbox, refs(since), now, { gateway: sandbox.name, testMode: !sandbox.testMode })).toEqual({ kind: 'changed' });
    const down = gatewayThat(() => Promise.reject(new GatewayUnavailableError()));
    expect(await lookUpLostAnswer(down, refs(since), now)).toEqual({ kind: 'waiting' });
    expect(await lookUpLostAnswer(down, refs(new Date(now.getTime() - CHARGE_ONCE.giveUpAfterMs)), now)).toEqual({ kind: 'gave-up' });
  });

  it('reconciles row by row: a row not to be asked or a gateway down waits; the rest are settled, counted when this run recorded them', async () => {
    const now = new Date();
    const since = new Date(now.getTime() - CHARGE_ONCE.staleAfterMs);
    const up = gatewayThat(async () => approved);
    const down = gatewayThat(() => Promise.reject(new GatewayUnavailableError()));
    const rows = [
      { id: 'skip', gateway: null },
      { id: 'down', gateway: down },
      { id: 'mine', gateway: up },
      { id: 'theirs', gateway: up },
    ];
    const seen: [string, SettledAnswer][] = [];
    const counts = await reconcileLostAnswers(rows, now, {
      gatewayOf: async (row) => row.gateway,
      refsOf: () => refs(since),
      settle: async (row, answer) => {
        seen.push([row.id, answer]);
        return row.id === 'mine';
      },
    });
    expect(counts).toEqual({ settled: 1, waiting: 2 });
    expect(seen).toEqual([['mine', { kind: 'known', result: approved }], ['theirs', { kind: 'known', result: approved }]]);
  });

  it('runs every kind in one run: a kind that fails leaves the others settled, and its error is reported after', async () => {
    const now = new Date();
    const since = new Date(now.getTime() - CHARGE_ONCE.staleAfterMs);
    const up = gatewayThat(async () => approved);
    const asked: Date[] = [];
    const kindOf = (name: 'invoice' | 'store-order', rows: string[]) => chargeKind<string>({
      name,
      staleRows: async (at) => (asked.push(at), rows),
      gatewayOf: async () => up,
      refsOf: () => refs(since),
      settle: async () => true,
    });
    const broken = chargeKind<string>({ ...kindOf('invoice', []), name: 'school-plan', staleRows: () => Promise.reject(new Error('plans down')) });
    await expect(reconcileKinds([kindOf('invoice', ['a', 'b']), broken, kindOf('store-order', ['c'])], now)).rejects.toThrow('plans down');
    expect(asked).toEqual([now, now]);
    expect(await reconcileKinds([kindOf('invoice', ['a', 'b']), kindOf('store-order', ['c'])], now)).toEqual({
      invoice: { settled: 2, waiting: 0 }, 'school-plan': { settled: 0, waiting: 0 }, 'store-order': { settled: 1, waiting: 0 },
    });
  });
});

import { createSandboxGateway } from '../services/payments/sandbox-gateway.js';
import { GatewayUnavailableError, type PaymentGateway } from '../services/payments/gateway.js';

export type SpyGateway = PaymentGateway & { charges: number; refunds: number; voids: number; down: boolean; delayMs: number };

/**
 * A gateway that counts the money calls it passes on (sandbox by default), can wait before
 * answering (so concurrent submits overlap) and can be "down" (GatewayUnavailableError, after
 * the charge went through when `down` is 'after': the answer lost on its way back).
 */
export function spyGateway(inner: PaymentGateway = createSandboxGateway()): SpyGateway & { loseAnswers: boolean } {
  const spy = {
    ...inner,
    name: inner.name,
    testMode: inner.testMode,
    charges: 0,
    refunds: 0,
    voids: 0,
    down: false,
    loseAnswers: false,
    delayMs: 0,
  } as SpyGateway & { loseAnswers: boolean };
  const wait = () => new Promise((r) => setTimeout(r, spy.delayMs));
  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    if (spy.down) throw new GatewayUnavailableError();
    await wait();
    const answer = await call();
    if (spy.loseAnswers) throw new GatewayUnavailableError('The payment gateway did not answer in time');
    return answer;
  };
  spy.chargeCard = (r) => guard(() => { spy.charges += 1; return inner.chargeCard(r); });
  spy.chargeProfile = (r) => guard(() => { spy.charges += 1; return inner.chargeProfile(r); });
  spy.refund = (r) => guard(() => { spy.refunds += 1; return inner.refund(r); });
  spy.void = (r) => guard(() => { spy.voids += 1; return inner.void(r); });
  spy.findCharge = (r) => (spy.down ? Promise.reject(new GatewayUnavailableError()) : inner.findCharge(r));
  return spy;
}

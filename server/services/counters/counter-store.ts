/**
 * Fixed-window counters shared by every app node (Redis) or held in this process (memory):
 * the rate limits of sign-in and password reset count here.
 */
export interface CounterStore {
  /** Adds one to key and answers the count within the current window. */
  increment(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

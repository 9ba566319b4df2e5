/**
 * Runs a transaction's queries one after another. A transaction is one connection, which answers
 * one query at a time anyway; handing it several at once (Promise.all) is deprecated by pg and
 * goes in pg 9. Drizzle's query builders start only when awaited, so passing them here runs them
 * in order.
 */
export async function inSequence<T extends readonly unknown[]>(queries: { readonly [K in keyof T]: PromiseLike<T[K]> }): Promise<T> {
  const out: unknown[] = [];
  for (const query of queries as readonly PromiseLike<unknown>[]) out.push(await query);
  return out as unknown as T;
}

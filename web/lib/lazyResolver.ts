import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<TIn extends FieldValues, TOut> = {
  resolver: Resolver<TIn, unknown, TOut>;
  /** Starts fetching the validation code, e.g. when the user first focuses the form. */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose code (zod and the shared schemas) is fetched on first use.
 * The sign-in page paints without it and fetches it while the user types.
 */
export function lazyResolver<TIn extends FieldValues, TOut>(
  load: () => Promise<Resolver<TIn, unknown, TOut>>,
): LazyResolver<TIn, TOut> {
  let pending: Promise<Resolver<TIn, unknown, TOut>> | undefined;
  const get = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined; // let the next attempt fetch again
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}

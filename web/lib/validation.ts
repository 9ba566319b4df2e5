/**
 * Form validation without a form library: a zod schema turned into "valid data, or one message
 * per field". Only zod's types are imported here; the schema (and zod) come from the caller, so
 * a page can keep them in a lazily loaded chunk (see lazyValidator below).
 */
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export type ValidationResult<TOut> = { ok: true; data: TOut } | { ok: false; errors: FieldErrors };

export type Validate<TIn, TOut> = (values: TIn) => Promise<ValidationResult<TOut>>;

/** The schema's verdict; like @hookform/resolvers' zodResolver, the first message of a field wins. */
export function schemaValidator<S extends z.ZodType>(schema: S): Validate<z.input<S>, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { ok: true, data: result.data };
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  };
}

export type LazyValidator<TIn, TOut> = {
  validate: Validate<TIn, TOut>;
  /** Starts fetching the validation code, e.g. when the user first focuses the form. */
  preload: () => void;
};

/**
 * A validator whose code (zod and the shared schemas) is fetched on first use: the sign-in page
 * paints without it and fetches it while the user types.
 */
export function lazyValidator<TIn, TOut>(load: () => Promise<Validate<TIn, TOut>>): LazyValidator<TIn, TOut> {
  let pending: Promise<Validate<TIn, TOut>> | undefined;
  const get = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined; // let the next attempt fetch again
      throw error;
    }));
  return {
    validate: async (values) => (await get())(values),
    preload: () => void get().catch(() => undefined),
  };
}

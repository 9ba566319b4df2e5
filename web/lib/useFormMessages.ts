import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from './api';

type Messages<F extends string> = Partial<Record<F, string>>;

/** The message of each top-level field ("items.2.name" counts as "items"); the first one wins. */
function byTopField<F extends string>(entries: Iterable<[string, string]>): Messages<F> {
  const found: Messages<F> = {};
  for (const [path, message] of entries) found[path.split('.')[0] as F] ??= message;
  return found;
}

/**
 * A hand-held form's messages (a modal without react-hook-form): the contract's schema checks
 * the values before any call; a refused call puts the server's per-field messages under the
 * inputs and anything else above the form (FormFailure).
 */
export function useFormMessages<F extends string>() {
  const [errors, setErrors] = useState<Messages<F>>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** The values as the schema gives them back, or undefined once each refused field has its message. */
  const check = <S extends z.ZodType>(schema: S, values: unknown): z.output<S> | undefined => {
    setFailure(null);
    const checked = schema.safeParse(values);
    if (!checked.success) {
      setErrors(byTopField(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return undefined;
    }
    setErrors({});
    return checked.data;
  };
  const refused = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(byTopField(Object.entries(error.errors)));
    else setFailure(errorMessage(error));
  };
  return { errors, setErrors, failure, check, refused };
}

import { ApiError } from './api';

/** react-hook-form's setError and useLightForm's (lib/useLightForm.ts) both fit. */
type SetError<F extends string> = (
  field: F,
  error: { type: 'server'; message: string },
  options: { shouldFocus: boolean },
) => void;

/**
 * Puts the server's per-field messages (a 400's `errors`) under the matching inputs.
 * Returns whether any field took a message, so the caller can show the rest elsewhere.
 */
export function applyFieldErrors<F extends string>(
  error: unknown,
  setError: SetError<NoInfer<F>>,
  fields: readonly F[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.errors[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}

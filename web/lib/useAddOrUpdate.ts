import { useState } from 'react';
import { errorMessage } from './api';
import { applyFieldErrors } from './forms';

type SaveResult = { message: string };
type SaveOptions = { onSuccess: (result: SaveResult) => void; onError: (error: unknown) => void };
type SaveMutation<V> = { mutate: (values: V, options: SaveOptions) => void; isPending: boolean };

type Options<F extends string> = {
  /** The form's setError: the server's per-field messages go under their inputs. */
  setError: Parameters<typeof applyFieldErrors<F>>[1];
  fields: readonly F[];
  onSaved: (result: SaveResult) => void;
  /** What the form's alert says when no field took the error. */
  failureMessage?: (error: unknown) => string;
};

/**
 * The save of a form that both adds and edits: values with an id update, others add. A failure
 * goes under the fields it names, or else to `failure` for the form's alert.
 */
export function useAddOrUpdate<A, U extends { id: string }, F extends string>(
  add: SaveMutation<A>,
  update: SaveMutation<U>,
  { setError, fields, onSaved, failureMessage = errorMessage }: Options<F>,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const callbacks: SaveOptions = {
    onSuccess: onSaved,
    onError: (error) => {
      if (!applyFieldErrors(error, setError, fields)) setFailure(failureMessage(error));
    },
  };
  const submit = (values: A | U) => {
    setFailure(null);
    if (typeof values === 'object' && values !== null && 'id' in values) update.mutate(values as U, callbacks);
    else add.mutate(values as A, callbacks);
  };
  return { submit, failure, pending: add.isPending || update.isPending };
}

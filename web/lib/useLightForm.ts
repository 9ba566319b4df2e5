/**
 * A small form hook for pages that must stay light (the sign-in page has a JavaScript budget,
 * docs/domains/conventions.md "Performance budgets"; docs/decisions/005). It behaves like react-hook-form's defaults, which the other
 * forms use: validation on submit, then again on every change once the form was submitted; the
 * first invalid field takes the focus; `submitting` lasts until the submit handler settles.
 * Flat forms only (one level of fields).
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Validate } from './validation';

type FieldName<T> = keyof T & string;
type TextFieldName<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T] & string;

export type FieldError = { type?: string; message: string };

export type LightForm<TIn, TOut> = {
  values: TIn;
  errors: Partial<Record<FieldName<TIn>, string>>;
  submitting: boolean;
  setValue: <K extends FieldName<TIn>>(field: K, value: TIn[K]) => void;
  /** Puts a message under a field, e.g. the server's answer; it stays until the field changes. */
  setError: (field: FieldName<TIn>, error: FieldError, options?: { shouldFocus?: boolean }) => void;
  /** The element to focus when the field is invalid. */
  fieldRef: (field: FieldName<TIn>) => (element: HTMLElement | null) => void;
  /** name, value, onChange, error and ref of a text input. */
  textField: (field: TextFieldName<TIn>) => {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    error: string | undefined;
    ref: (element: HTMLElement | null) => void;
  };
  handleSubmit: (onValid: (data: TOut) => unknown) => (event?: FormEvent) => Promise<void>;
};

type Options<TIn, TOut> = { initialValues: TIn; validate: Validate<TIn, TOut> };

export function useLightForm<TIn extends object, TOut>({ initialValues, validate }: Options<TIn, TOut>): LightForm<TIn, TOut> {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<FieldName<TIn>, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  // What event handlers and async results read: always the latest, whatever render they came from.
  const valuesRef = useRef(initialValues);
  const submittedRef = useRef(false);
  const elementsRef = useRef(new Map<string, HTMLElement>());
  /** The newest re-validation of each field; an older one finishing later is ignored. */
  const runsRef = useRef(new Map<string, object>());

  const focus = (field: string) => elementsRef.current.get(field)?.focus();

  const putError = (field: FieldName<TIn>, message: string | undefined) =>
    setErrors((previous) => {
      if (previous[field] === message) return previous;
      const next = { ...previous };
      if (message === undefined) delete next[field];
      else next[field] = message;
      return next;
    });

  const revalidate = (field: FieldName<TIn>, snapshot: TIn) => {
    const run = {};
    runsRef.current.set(field, run);
    validate(snapshot).then(
      (result) => {
        if (runsRef.current.get(field) !== run) return;
        runsRef.current.delete(field);
        putError(field, result.ok ? undefined : result.errors[field]);
      },
      () => undefined, // the validation code failed to load: the next submit tries again
    );
  };

  const setValue: LightForm<TIn, TOut>['setValue'] = (field, value) => {
    const next = { ...valuesRef.current, [field]: value };
    valuesRef.current = next;
    setValues(next);
    if (submittedRef.current) revalidate(field, next);
  };

  const setError: LightForm<TIn, TOut>['setError'] = (field, { message }, options) => {
    putError(field, message);
    if (options?.shouldFocus) focus(field);
  };

  const fieldRef: LightForm<TIn, TOut>['fieldRef'] = (field) => (element) => {
    if (element) elementsRef.current.set(field, element);
    else elementsRef.current.delete(field);
  };

  const textField: LightForm<TIn, TOut>['textField'] = (field) => ({
    name: field,
    value: values[field] as string,
    onChange: (event) => setValue(field, event.currentTarget.value as TIn[typeof field]),
    error: errors[field],
    ref: fieldRef(field),
  });

  const handleSubmit: LightForm<TIn, TOut>['handleSubmit'] = (onValid) => async (event) => {
    event?.preventDefault();
    submittedRef.current = true;
    runsRef.current.clear(); // this validation covers every field
    setSubmitting(true);
    try {
      const result = await validate(valuesRef.current);
      if (!result.ok) {
        setErrors(result.errors as Partial<Record<FieldName<TIn>, string>>);
        const firstInvalid = Object.keys(valuesRef.current).find((field) => field in result.errors);
        if (firstInvalid) focus(firstInvalid);
        return;
      }
      setErrors({});
      await onValid(result.data);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, submitting, setValue, setError, fieldRef, textField, handleSubmit };
}

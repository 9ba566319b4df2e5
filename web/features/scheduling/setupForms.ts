import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A zod resolver for forms whose optional fields are blank inputs: a blank is "not given"
 * (null), not the 0 or the empty date that z.coerce would make of it.
 */
export function blankAsNullResolver<I extends FieldValues, O>(schema: z.ZodType<O>, optional: readonly string[]): Resolver<I, unknown, O> {
  const base = zodResolver(schema as never) as unknown as Resolver<I, unknown, O>;
  return (values, context, options) => {
    const cleaned: Record<string, unknown> = { ...values };
    for (const key of optional) if (cleaned[key] === '' || cleaned[key] === undefined) cleaned[key] = null;
    return base(cleaned as I, context, options);
  };
}

/** A date 'YYYY-MM-DD' (or the start of an ISO string) as the reader's medium date, taken as it stands. */
export function formatDay(value: string): string {
  const day = value.slice(0, 10);
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return value;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' });
}

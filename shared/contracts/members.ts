import { z } from 'zod';
import { LEVELS } from '../constants.js';

export const instrumentEntry = z.object({
  genreId: z.object({ _id: z.string(), name: z.string() }),
  level: z.enum(LEVELS),
});

/** A parent's child as /member/children shows it. */
export const child = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  status: z.boolean(),
  instruments: z.array(instrumentEntry),
  teachers: z.array(z.object({ _id: z.string(), first_name: z.string(), last_name: z.string() })),
});
export type Child = z.infer<typeof child>;

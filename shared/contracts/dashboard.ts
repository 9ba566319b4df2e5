import { z } from 'zod';

/** One figure on a dashboard card; later domains add their own keys. */
export const dashboardFigure = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number().int(),
});
export const dashboard = z.object({ figures: z.array(dashboardFigure) });
export type Dashboard = z.infer<typeof dashboard>;

import type { Linter } from 'eslint';

export const LINK_TABLES: { drizzle: string; sql: string; owners: string[] }[];
export function linkTablesConfig(root: string): Linter.Config[];

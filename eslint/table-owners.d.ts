import type { Linter } from 'eslint';

export const TABLE_OWNERS: Record<string, Record<string, string>>;
export const EXEMPT: string[];
export function tableOwnersConfig(): Linter.Config;

import type { ESLint, Linter } from 'eslint';

export const NOT_YET_CONVERTED: string[];
export const roleChecksPlugin: ESLint.Plugin;
export function roleChecksConfig(): Linter.Config[];

import type { ESLint, Linter } from 'eslint';

export const moneyPlugin: ESLint.Plugin;
export function moneyConfig(): Linter.Config[];

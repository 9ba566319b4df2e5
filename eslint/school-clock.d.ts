import type { Linter } from 'eslint';

export function schoolClockConfig(): Linter.Config;

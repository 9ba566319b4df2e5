import type { Linter } from 'eslint';

export function architectureZones(root: string, options?: { forTests?: boolean }): { target: string[] | string; from: string[] | string; except?: string[]; message: string }[];
export function architectureConfig(root: string): Linter.Config[];

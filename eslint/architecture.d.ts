import type { Linter } from 'eslint';

export function architectureZones(root: string): { target: string[] | string; from: string[] | string; except?: string[]; message: string }[];
export function architectureConfig(root: string): Linter.Config;

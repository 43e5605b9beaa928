// Types of config.mjs, for the tests.
export interface SkipEntry { id: string; comment: string[] }
export function skipEntries(text: string, file: string): SkipEntry[];
export function serviceSkipFiles(constructs: string): string[];
export function mergedConfig(base: string, services: { file: string; text: string }[]): string;
export function repositoryConfig(root: string): string;

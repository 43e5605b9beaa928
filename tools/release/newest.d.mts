export const SEMVER: RegExp;
export function compareVersions(a: string, b: string): number;
export interface Release { version: string; commit: string; ref: string; how: string }
export function newestRelease(root: string, head?: string): Release | undefined;

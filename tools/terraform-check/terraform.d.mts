// Types of terraform.mjs, for the TypeScript tools (tools/fixtures).
export const TIMEOUT_SECONDS: number;
export function terraform(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string; seconds: number }>;
export function inWorkers<T, R>(items: readonly T[], jobs: number, workRoot: string, work: (item: T, pluginCache: string) => Promise<R>): Promise<R[]>;

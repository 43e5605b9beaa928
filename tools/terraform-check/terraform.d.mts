// Types of terraform.mjs, for the TypeScript tools (tools/fixtures).
export const TIMEOUT_SECONDS: number;
export function terraform(args: string[], cwd: string, env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string; seconds: number }>;

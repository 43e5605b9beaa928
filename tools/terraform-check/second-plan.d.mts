// Types of second-plan.mjs, for the tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- planned values of any resource type
export const AZURE_RETURNS: Record<string, (values: any) => any>;
export function secondPlan(dir: string, env: Record<string, string | undefined>, stackName: string): Promise<{
  seconds: number; changes: { address: string; actions: string[] }[]; adjustments: string[];
  diagnostics: { severity: string; address: string; summary: string; detail: string }[];
}>;
export function secondIdentityPlan(dir: string, env: Record<string, string | undefined>, override: unknown): Promise<{
  seconds: number; changes: { address: string; actions: string[] }[];
  diagnostics: { severity: string; address: string; summary: string; detail: string }[];
}>;

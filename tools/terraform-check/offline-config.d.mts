// Types of offline-config.mjs, for the tests.
export const DATA_STAND_INS: Record<string, (args: Record<string, string>) => Record<string, unknown>>;
export function offlineEnvironment(msi: string, pluginCacheDir: string): Record<string, string | undefined>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- synthesized Terraform JSON
export function offlineCopy(stackJson: any, msi: string): { config: any; override: any; standIns: string[] };

import { IConstruct } from 'constructs';
import { NotSecret, SecretDetector, SettingsHost } from '../core/secret-detection';
import { refuse } from '../core/validation';

/** Language runtimes of the Flex Consumption plan. */
export enum FunctionRuntime {
  DOTNET_ISOLATED = 'dotnet-isolated',
  NODE = 'node',
  JAVA = 'java',
  POWERSHELL = 'powershell',
  PYTHON = 'python',
  CUSTOM = 'custom',
}

/** Versions Flex Consumption runs, per runtime (Microsoft Learn, Flex Consumption plan). */
export const FLEX_RUNTIME_VERSIONS: Readonly<Record<FunctionRuntime, readonly string[]>> = {
  [FunctionRuntime.DOTNET_ISOLATED]: ['8.0', '9.0', '10.0'],
  [FunctionRuntime.NODE]: ['20', '22'],
  [FunctionRuntime.JAVA]: ['11', '17', '21'],
  [FunctionRuntime.POWERSHELL]: ['7.4'],
  [FunctionRuntime.PYTHON]: ['3.10', '3.11', '3.12'],
  [FunctionRuntime.CUSTOM]: ['1.0'],
};

/** Instance sizes Flex Consumption offers, in MB. */
export const FLEX_INSTANCE_MEMORY_MB: readonly number[] = [512, 2048, 4096];

/**
 * App settings Flex Consumption deprecates or refuses: the platform sets them itself, or the plan
 * has no such feature (Microsoft Learn, "Flex Consumption plan deprecations").
 */
export const FLEX_DEPRECATED_SETTINGS: readonly string[] = [
  'ENABLE_ORYX_BUILD', 'FUNCTIONS_EXTENSION_VERSION', 'FUNCTIONS_WORKER_RUNTIME', 'FUNCTIONS_WORKER_RUNTIME_VERSION',
  'FUNCTIONS_MAX_HTTP_CONCURRENCY', 'FUNCTIONS_WORKER_PROCESS_COUNT', 'FUNCTIONS_WORKER_DYNAMIC_CONCURRENCY_ENABLED',
  'SCM_DO_BUILD_DURING_DEPLOYMENT', 'WEBSITE_CONTENTAZUREFILECONNECTIONSTRING', 'WEBSITE_CONTENTOVERVNET', 'WEBSITE_CONTENTSHARE',
  'WEBSITE_DNS_SERVER', 'WEBSITE_MAX_DYNAMIC_APPLICATION_SCALE_OUT', 'WEBSITE_NODE_DEFAULT_VERSION', 'WEBSITE_RUN_FROM_PACKAGE',
  'WEBSITE_SKIP_CONTENTSHARE_VALIDATION', 'WEBSITE_VNET_ROUTE_ALL', 'WEBSITE_TIME_ZONE', 'TZ',
];

/**
 * Refuse user app settings the app must not get: names with `:` (Linux app settings use `__` for
 * nesting; a colon is not a valid environment variable name there), deprecated Flex settings,
 * anything that overrides a setting the construct writes (the identity-based host storage), and
 * `AzureWebJobsStorage` itself (a connection string is a key, SEC-1), and any value that looks like
 * a credential unless `notSecrets` declares it none (SEC-1, `SecretDetector`).
 */
export function checkAppSettings(
  scope: IConstruct, user: { [name: string]: string } | undefined, reserved: { [name: string]: string }, notSecrets?: NotSecret[],
): void {
  const reservedByKey = new Set(Object.keys(reserved).map((n) => n.toLowerCase()));
  for (const [name, value] of Object.entries(user ?? {})) {
    const setting = `appSettings.${name}`;
    if (name.includes(':')) {
      refuse(scope, {
        lesson: 'AZURE', setting, given: name,
        problem: 'Linux function apps read app settings as environment variables, and a name with : cannot be one.',
        fix: `use __ for nesting: ${JSON.stringify(name.replace(/:/g, '__'))}.`,
      });
    }
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) {
      refuse(scope, {
        lesson: 'AZURE', setting, given: name,
        problem: 'app setting names are letters, digits, _ . -, not starting with a digit.', fix: 'rename the setting.',
      });
    }
    const deprecated = FLEX_DEPRECATED_SETTINGS.find((d) => d.toLowerCase() === name.toLowerCase());
    if (deprecated) {
      refuse(scope, {
        lesson: 'AZURE', setting, given: SecretDetector.maskIfCredential(value, SettingsHost.APP_SERVICE, name),
        problem: `Flex Consumption sets ${deprecated} itself or has no such feature, and refuses or ignores it.`,
        fix: 'drop it: the runtime and version are the runtime prop, the package goes to the deployment container.',
      });
    }
    if (/^azurewebjobsstorage$/i.test(name)) {
      refuse(scope, {
        lesson: 'SEC-1', setting, given: name,
        problem: 'a storage connection string carries the account key, which a keyless account refuses anyway.',
        fix: 'leave host storage to the construct (AzureWebJobsStorage__accountName with the app\'s identity) and grant other storage to the identity.',
      });
    }
    if (reservedByKey.has(name.toLowerCase())) {
      refuse(scope, {
        lesson: 'SEC-1', setting, given: SecretDetector.maskIfCredential(value, SettingsHost.APP_SERVICE, name),
        problem: 'the construct sets this (host storage through the app\'s identity, its client id, Application Insights with Entra ID); another value breaks how the host signs in.',
        fix: 'drop it.',
      });
    }
  }
  SecretDetector.check(scope, 'appSettings', SettingsHost.APP_SERVICE, user, notSecrets);
}

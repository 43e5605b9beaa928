import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { claim } from './claims';
import { refuse } from './validation';

/** The naming rule of one Azure resource type, as documented by Azure. */
export interface NameRule {
  /** Human name of the resource type, used in messages. */
  readonly kind: string;
  readonly min: number;
  readonly max: number;
  /** Full-match pattern for allowed characters and shape. */
  readonly pattern: RegExp;
  /** Plain-words description of the pattern, used in messages. */
  readonly shape: string;
  /** The name becomes part of a public DNS name, so it must be unique across Azure. */
  readonly globallyUnique?: boolean;
}

const ALNUM_HYPHEN_EDGES = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** Naming rules of the resource types this library names (Azure resource name rules). */
export const NAME_RULES = {
  resourceGroup: {
    kind: 'resource group', min: 1, max: 90, pattern: /^[-\w.()]*[-\w()]$/,
    shape: 'letters, digits, underscores, hyphens, periods and parentheses, not ending with a period',
  },
  logAnalyticsWorkspace: {
    kind: 'Log Analytics workspace', min: 4, max: 63, pattern: ALNUM_HYPHEN_EDGES,
    shape: 'letters, digits and hyphens, starting and ending with a letter or digit',
  },
  containerAppEnvironment: {
    kind: 'Container Apps environment', min: 2, max: 60, pattern: /^[a-z][a-z0-9-]*[a-z0-9]$/,
    shape: 'lower-case letters, digits and hyphens, starting with a letter and ending with a letter or digit',
  },
  containerApp: {
    kind: 'container app', min: 2, max: 32, pattern: /^[a-z](?!.*--)[a-z0-9-]*[a-z0-9]$/,
    shape: 'lower-case letters, digits and single hyphens, starting with a letter and ending with a letter or digit',
  },
  userAssignedIdentity: {
    kind: 'user-assigned identity', min: 3, max: 128, pattern: /^[A-Za-z0-9][A-Za-z0-9_-]*$/,
    shape: 'letters, digits, hyphens and underscores, starting with a letter or digit',
  },
  apiManagement: {
    kind: 'API Management service', min: 1, max: 50, pattern: /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/,
    shape: 'letters, digits and hyphens, starting with a letter and ending with a letter or digit',
    globallyUnique: true,
  },
  apiManagementApi: {
    kind: 'API Management API', min: 1, max: 80, pattern: ALNUM_HYPHEN_EDGES,
    shape: 'letters, digits and hyphens, starting and ending with a letter or digit',
  },
  apiManagementBackend: {
    kind: 'API Management backend', min: 1, max: 80, pattern: ALNUM_HYPHEN_EDGES,
    shape: 'letters, digits and hyphens, starting and ending with a letter or digit',
  },
  apiManagementProduct: {
    kind: 'API Management product or subscription', min: 1, max: 80, pattern: ALNUM_HYPHEN_EDGES,
    shape: 'letters, digits and hyphens, starting and ending with a letter or digit',
  },
  frontDoorProfile: {
    kind: 'Front Door profile', min: 2, max: 90, pattern: ALNUM_HYPHEN_EDGES,
    shape: 'letters, digits and hyphens, starting and ending with a letter or digit',
  },
  frontDoorEndpoint: {
    // Not globally unique: Azure appends a hash to the endpoint host name.
    kind: 'Front Door endpoint', min: 2, max: 46, pattern: ALNUM_HYPHEN_EDGES,
    shape: 'letters, digits and hyphens, starting and ending with a letter or digit',
  },
  frontDoorChild: {
    kind: 'Front Door origin group, origin or route', min: 2, max: 90, pattern: ALNUM_HYPHEN_EDGES,
    shape: 'letters, digits and hyphens, starting and ending with a letter or digit',
  },
  managedRedis: {
    // Azure: 1-60 alphanumerics and hyphens, starting and ending with an alphanumeric, no
    // consecutive hyphens; this library also asks for a leading letter. The name becomes
    // `<name>.<region>.redis.azure.net`, so it is treated as unique across Azure.
    kind: 'Managed Redis', min: 1, max: 60, pattern: /^[A-Za-z](?:[A-Za-z0-9]|-(?=[A-Za-z0-9]))*$/,
    shape: 'letters, digits and single hyphens, starting with a letter and ending with a letter or digit',
    globallyUnique: true,
  },
  storageAccount: {
    kind: 'storage account', min: 3, max: 24, pattern: /^[a-z0-9]+$/,
    shape: 'lower-case letters and digits only', globallyUnique: true,
  },
  storageContainer: {
    kind: 'blob container', min: 3, max: 63, pattern: /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*$/,
    shape: 'lower-case letters, digits and single hyphens, starting and ending with a letter or digit',
  },
  storageQueue: {
    kind: 'storage queue', min: 3, max: 63, pattern: /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*$/,
    shape: 'lower-case letters, digits and single hyphens, starting and ending with a letter or digit',
  },
  storageTable: {
    // Azure also reserves the name "tables" (checked by the StorageTable construct).
    kind: 'storage table', min: 3, max: 63, pattern: /^[A-Za-z][A-Za-z0-9]*$/,
    shape: 'letters and digits, starting with a letter',
  },
  keyVault: {
    // Azure: 3-24 alphanumerics and hyphens, starting with a letter, ending with a letter or
    // digit, no consecutive hyphens; part of `<name>.vault.azure.net`, so unique across Azure.
    kind: 'Key Vault', min: 3, max: 24, pattern: /^[A-Za-z](?:[A-Za-z0-9]|-(?=[A-Za-z0-9]))*$/,
    shape: 'letters, digits and single hyphens, starting with a letter and ending with a letter or digit', globallyUnique: true,
  },
  keyVaultSecret: {
    kind: 'Key Vault secret', min: 1, max: 127, pattern: /^[A-Za-z0-9-]+$/,
    shape: 'letters, digits and hyphens',
  },
  apiManagementNamedValue: {
    // azurerm 4.55 (ApiManagementChildName): the id; the display name has its own rule below.
    kind: 'API Management named value', min: 1, max: 80, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/,
    shape: 'letters, digits, hyphens and underscores, starting and ending with a letter or digit',
  },
  apiManagementNamedValueDisplayName: {
    kind: 'API Management named value display name', min: 1, max: 256, pattern: /^[A-Za-z0-9_.-]+$/,
    shape: 'letters, digits, periods, hyphens and underscores',
  },
  eventGridTopic: {
    kind: 'Event Grid topic', min: 3, max: 50, pattern: /^[-A-Za-z0-9]+$/, shape: 'letters, digits and hyphens',
  },
  eventGridSystemTopic: {
    kind: 'Event Grid system topic', min: 3, max: 128, pattern: /^[-A-Za-z0-9]+$/, shape: 'letters, digits and hyphens',
  },
  eventGridSubscription: {
    kind: 'Event Grid subscription', min: 3, max: 64, pattern: /^[-A-Za-z0-9]+$/, shape: 'letters, digits and hyphens',
  },
  functionApp: {
    // Part of <name>.azurewebsites.net.
    kind: 'function app', min: 2, max: 60, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9]))*$/,
    shape: 'letters, digits and single hyphens, starting and ending with a letter or digit', globallyUnique: true,
  },
  applicationInsights: {
    kind: 'Application Insights component', min: 1, max: 260, pattern: /^[^%&\\?/]*[^%&\\?/. ]$/,
    shape: 'any characters but % & \\ ? /, not ending with a period or space',
  },
  virtualNetwork: {
    // azurerm 4.55 and Azure: 2-64 letters, digits, underscores, periods and hyphens, starting with
    // a letter or digit, ending with a letter, digit or underscore.
    kind: 'virtual network', min: 2, max: 64, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/,
    shape: 'letters, digits, underscores, periods and hyphens, starting with a letter or digit and ending with a letter, digit or underscore',
  },
  privateEndpoint: {
    // Azure's naming rules: 2-64 (azurerm 4.55 checks only 1-80, so a longer name fails at apply).
    kind: 'private endpoint', min: 2, max: 64, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/,
    shape: 'letters, digits, underscores, periods and hyphens, starting with a letter or digit and ending with a letter, digit or underscore',
  },
  networkChild: {
    kind: 'subnet or network security group', min: 1, max: 80, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/,
    shape: 'letters, digits, underscores, periods and hyphens, starting with a letter or digit and ending with a letter, digit or underscore',
  },
  frontDoorFirewallPolicy: {
    kind: 'Front Door WAF policy', min: 1, max: 128, pattern: /^[A-Za-z][A-Za-z0-9]*$/,
    shape: 'letters and digits only, starting with a letter',
  },
} satisfies Record<string, NameRule>;

/**
 * Refuse a name Azure would reject, before `terraform apply` finds out.
 * Unresolved tokens are accepted as they are (Azure checks them at apply time).
 * Globally unique names are also checked against every other stack of the same app,
 * since two environments that share such a name cannot both deploy.
 */
export function checkName(scope: IConstruct, setting: string, name: string, rule: NameRule): string {
  if (Token.isUnresolved(name)) return name;
  const fix = `use ${rule.min}-${rule.max} characters: ${rule.shape}`;
  if (name.length < rule.min || name.length > rule.max || !rule.pattern.test(name)) {
    refuse(scope, {
      lesson: 'AZURE', setting, given: name,
      problem: `Azure rejects this ${rule.kind} name (${name.length} characters).`,
      fix: `${fix}${rule.globallyUnique ? ', unique across Azure' : ''}.`,
    });
  }
  if (rule.globallyUnique) claimGlobalName(scope, setting, name, rule);
  return name;
}

function claimGlobalName(scope: IConstruct, setting: string, name: string, rule: NameRule): void {
  const owner = claim(scope, `global-name:${rule.kind}`, name.toLowerCase());
  if (owner !== undefined) {
    refuse(scope, {
      lesson: 'AZURE', setting, given: name,
      problem: `${rule.kind} names are unique across Azure, and ${owner} in this app already uses it, so only one of them can deploy.`,
      fix: 'give each stack its own name, e.g. through a name prefix per environment.',
    });
  }
}

/**
 * Compose a resource name from a prefix and parts, the way every construct here names things:
 * `<abbreviation>-<prefix>-<suffix>`, lower-cased, with empty parts dropped.
 */
export function composeName(abbreviation: string, prefix: string, ...parts: (string | undefined)[]): string {
  return [abbreviation, prefix, ...parts].filter((p): p is string => !!p && p.length > 0).join('-').toLowerCase();
}

const HOST_NAME = /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Refuse a host name that is a URL or not a DNS name (a Terraform reference passes). */
export function checkHostName(scope: IConstruct, setting: string, host: string): string {
  if (Token.isUnresolved(host)) return host;
  if (!HOST_NAME.test(host)) {
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(host) || host.includes('/');
    refuse(scope, {
      lesson: 'AZURE', setting, given: host,
      problem: url ? 'this is a URL, and a host name has no scheme, path or port.' : 'this is not a DNS host name.',
      fix: url ? `give the host only, e.g. ${JSON.stringify(host.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split('/')[0].split(':')[0])}.` : 'give a host name such as apim-x.azure-api.net.',
    });
  }
  return host;
}

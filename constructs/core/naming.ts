import { IConstruct } from 'constructs';
import { claim } from './claims';
import { literalOf } from './stack-variables';
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
  /**
   * Names outside the pattern that Azure creates itself and a raw resource may carry (blob
   * containers `$web`, `$logs`, `$root`); the rule AZURE.ResourceName accepts them.
   */
  readonly systemNames?: readonly string[];
}

const ALNUM_HYPHEN_EDGES = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** The most common Azure name rule: letters, digits and hyphens, starting and ending with a letter or digit. */
export function alnumHyphenName(kind: string, min: number, max: number): NameRule {
  return { kind, min, max, pattern: ALNUM_HYPHEN_EDGES, shape: 'letters, digits and hyphens, starting and ending with a letter or digit' };
}

/**
 * Naming rules of the resources every service folder names (resource groups, user-assigned
 * identities). A service's own rules are in its descriptor (`<service>-service.ts`, `names`).
 */
export const NAME_RULES = {
  resourceGroup: {
    kind: 'resource group', min: 1, max: 90, pattern: /^[-\w.()]*[-\w()]$/,
    shape: 'letters, digits, underscores, hyphens, periods and parentheses, not ending with a period',
  },
  userAssignedIdentity: {
    kind: 'user-assigned identity', min: 3, max: 128, pattern: /^[A-Za-z0-9][A-Za-z0-9_-]*$/,
    shape: 'letters, digits, hyphens and underscores, starting with a letter or digit',
  },
  /** A management lock (`AzureResource.addLock`): azurerm refuses 260 bytes or more and a name without a letter, digit, `-` or `_` at plan, Resource Manager the characters below at apply. */
  managementLock: {
    kind: 'management lock', min: 1, max: 259, pattern: /^(?=.*[A-Za-z0-9_-])[^<>%&:\\?/\u0000-\u001f\u007f]+$/,
    shape: 'at least one letter, digit, hyphen or underscore, and none of <, >, %, &, :, \\, ?, / or a control character',
  },
} satisfies Record<string, NameRule>;

/**
 * Refuse a name Azure would reject, before `terraform apply` finds out.
 * Unresolved tokens are accepted as they are (Azure checks them at apply time).
 * Globally unique names are also checked against every other stack of the same app,
 * since two environments that share such a name cannot both deploy.
 */
export function checkName(scope: IConstruct, setting: string, given: string, rule: NameRule): string {
  // A variable's default or a function of literals is judged as the name Terraform gets.
  const name = literalOf(scope, given);
  if (name === undefined) return given;
  const fix = `use ${rule.min}-${rule.max} characters: ${rule.shape}`;
  if (name.length < rule.min || name.length > rule.max || !rule.pattern.test(name)) {
    refuse(scope, {
      lesson: 'AZURE', setting, given: name,
      problem: `Azure rejects this ${rule.kind} name (${name.length} characters).`,
      fix: `${fix}${rule.globallyUnique ? ', unique across Azure' : ''}.`,
    });
  }
  if (rule.globallyUnique) claimGlobalName(scope, setting, name, rule);
  return given;
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
export function checkHostName(scope: IConstruct, setting: string, given: string): string {
  const host = literalOf(scope, given);
  if (host === undefined) return given;
  if (!HOST_NAME.test(host)) {
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(host) || host.includes('/');
    refuse(scope, {
      lesson: 'AZURE', setting, given: host,
      problem: url ? 'this is a URL, and a host name has no scheme, path or port.' : 'this is not a DNS host name.',
      fix: url ? `give the host only, e.g. ${JSON.stringify(host.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split('/')[0].split(':')[0])}.` : 'give a host name such as apim-x.azure-api.net.',
    });
  }
  return given;
}

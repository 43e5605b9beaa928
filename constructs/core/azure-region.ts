import { TerraformStack, Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { AZURE_REGION_LIMITS, AZURE_REGION_NAMES, AZURE_REGION_TABLE_DATE } from './azure-region-names';
import { literalOf } from './stack-variables';
import { compareText } from './text-order';
import { refuse, warn } from './validation';

/** Why a location is no Azure region, and what to do. */
export interface RegionProblem {
  readonly problem: string;
  readonly fix: string;
}

const allowed = new Set<string>();

/** Stacks already warned about an access-restricted region: once per stack and region, not once per resource. */
const warned = new WeakMap<IConstruct, Set<string>>();

/** What keeps a known region from a public-cloud subscription, and whether synth refuses it. */
export interface RegionLimit extends RegionProblem {
  /** `canary`, `access-restricted`, `AzureChinaCloud` or `AzureUSGovernment`. */
  readonly kind: string;
  /** Refused at synth (canary, sovereign); a warning otherwise (access restricted). */
  readonly refused: boolean;
}

/**
 * Azure's region names, checked before `terraform apply` would fail on a typo: the generated
 * table in azure-region-names.ts (Resource Manager's list of locations, with its source and date)
 * and a "did you mean" by edit distance. Display names are accepted as azurerm and azapi accept
 * them: `West Europe` is normalized to `westeurope` (lower case, spaces removed).
 */
export class AzureRegion {
  /** The date of the region list the table was generated from, e.g. `2026-03-12`. */
  public static readonly TABLE_DATE: string = AZURE_REGION_TABLE_DATE;

  /** What the providers send for `value`: lower case, spaces removed (`West Europe` is `westeurope`). */
  public static normalize(value: string): string {
    return value.toLowerCase().replace(/ /g, '');
  }

  /** Whether `value` names an Azure region of the table (or one `AzureRegion.allow`ed), in any form the providers normalize. */
  public static isKnown(value: string): boolean {
    const name = AzureRegion.normalize(value);
    return Object.prototype.hasOwnProperty.call(AZURE_REGION_NAMES, name) || allowed.has(name);
  }

  /** Every region name of the table, sorted. */
  public static names(): string[] {
    return Object.keys(AZURE_REGION_NAMES);
  }

  /**
   * Accept a region the table does not list yet (Azure opened it after `AzureRegion.TABLE_DATE`),
   * for the whole process: call it before the stacks are built.
   */
  public static allow(name: string): void {
    allowed.add(AzureRegion.normalize(name));
  }

  /**
   * The known regions nearest to `value` (at most three, closest first): within an edit distance
   * of a third of the name (at least 2), counting a swap of two neighbouring letters as one edit.
   */
  public static suggestionsFor(value: string): string[] {
    const name = AzureRegion.normalize(value);
    const limit = Math.max(2, Math.floor(name.length / 3));
    return [...AzureRegion.names(), ...allowed]
      .map((candidate) => ({ candidate, distance: editDistance(name, candidate) }))
      .filter((c) => c.distance <= limit)
      .sort((a, b) => a.distance - b.distance || compareText(a.candidate, b.candidate))
      .slice(0, 3)
      .map((c) => c.candidate);
  }

  /** Why `value` is no Azure region, with a "did you mean"; undefined for a known region or a Terraform reference. */
  public static problemOf(value: string): RegionProblem | undefined {
    if (Token.isUnresolved(value) || (typeof value === 'string' && AzureRegion.isKnown(value))) return undefined;
    const suggestions = typeof value === 'string' ? AzureRegion.suggestionsFor(value) : [];
    const didYouMean = suggestions.length > 0 ? `did you mean ${suggestions.join(' or ')}? ` : '';
    return {
      problem: `Azure has no region of that name (the region table of ${AZURE_REGION_TABLE_DATE} lists ${AzureRegion.names().length}), so terraform apply would fail.`,
      fix: `${didYouMean}Use a region name as az account list-locations -o table lists it, e.g. westeurope; a region opened after ${AZURE_REGION_TABLE_DATE}: AzureRegion.allow('<name>') before the stacks are built.`,
    };
  }

  /**
   * What keeps a region of the table from a subscription of the public cloud, the cloud the
   * stacks' providers sign in to: a canary region (EUAP: only subscriptions Microsoft enrolls), a
   * region of Azure China or Azure Government (another cloud, another sign-in), both refused; or an
   * access-restricted region (access by request), warned. Undefined for any other region, a name
   * `AzureRegion.allow`ed, an unknown name (`AzureRegion.problemOf`) or a reference.
   */
  public static limitOf(value: string): RegionLimit | undefined {
    if (Token.isUnresolved(value) || typeof value !== 'string') return undefined;
    const name = AzureRegion.normalize(value);
    if (allowed.has(name) || !Object.prototype.hasOwnProperty.call(AZURE_REGION_LIMITS, name)) return undefined;
    const { kind, instead } = AZURE_REGION_LIMITS[name];
    const use = instead ? `use ${instead}` : 'use a region your subscription lists (az account list-locations -o table)';
    const allow = `AzureRegion.allow('${name}') before the stacks are built`;
    if (kind === 'canary') {
      return {
        kind, refused: true,
        problem: `${name} is a canary region (EUAP, Early Update Access Program): only subscriptions Microsoft enrolls can deploy there, and services change there before any other region, so terraform apply fails for every other subscription.`,
        fix: `${use}; an enrolled subscription: ${allow}.`,
      };
    }
    if (kind === 'access-restricted') {
      return {
        kind, refused: false,
        problem: `${name} is access restricted (Microsoft's Azure regions list: for specific customer scenarios such as in-country disaster recovery): a subscription deploys there only after Microsoft grants it access, and terraform apply fails otherwise.`,
        fix: `${use}, or request access for the subscription (Azure region access request process), then ${allow} to drop this warning.`,
      };
    }
    const cloud = kind === 'AzureChinaCloud' ? 'Azure China (21Vianet)' : 'Azure Government';
    return {
      kind, refused: true,
      problem: `${name} is a region of ${cloud}, a cloud apart with its own endpoints and sign-in: the stacks' providers sign in to the public cloud, where terraform apply finds no such region.`,
      fix: `use a public-cloud region, e.g. westeurope; to deploy to ${cloud}, give the providers that cloud (azurerm and azapi environment, azuread's too) and ${allow}.`,
    };
  }

  /**
   * Refuse a `location` that is no Azure region, a canary or a sovereign-cloud region (AZURE),
   * naming the setting; warn, once per stack and region, for an access-restricted one
   * (`AZURE.RestrictedRegion`). A Terraform reference passes.
   */
  public static check(scope: IConstruct, setting: string, value: string): void {
    // A variable's default or a function of literals is judged as the region Terraform gets.
    const literal = typeof value === 'string' ? literalOf(scope, value) : value;
    if (literal === undefined) return;
    const found = AzureRegion.problemOf(literal);
    if (found) refuse(scope, { lesson: 'AZURE', setting, given: literal, ...found });
    const limit = AzureRegion.limitOf(literal);
    if (!limit) return;
    if (limit.refused) refuse(scope, { lesson: 'AZURE', setting, given: literal, problem: limit.problem, fix: limit.fix });
    const stack = TerraformStack.of(scope);
    const seen = warned.get(stack) ?? new Set<string>();
    warned.set(stack, seen);
    const name = AzureRegion.normalize(literal);
    if (seen.has(name)) return;
    seen.add(name);
    warn(scope, { id: 'AZURE.RestrictedRegion', lesson: 'AZURE', setting, given: literal, problem: limit.problem, fix: limit.fix });
  }

  private constructor() {}
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost one. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

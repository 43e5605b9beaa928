import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { AZURE_REGION_NAMES, AZURE_REGION_TABLE_DATE } from './azure-region-names';
import { literalOf } from './stack-variables';
import { refuse } from './validation';

/** Why a location is no Azure region, and what to do. */
export interface RegionProblem {
  readonly problem: string;
  readonly fix: string;
}

const allowed = new Set<string>();

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

  /** Whether `value` names an Azure region of the table (or one {@link AzureRegion.allow}ed), in any form the providers normalize. */
  public static isKnown(value: string): boolean {
    const name = AzureRegion.normalize(value);
    return Object.prototype.hasOwnProperty.call(AZURE_REGION_NAMES, name) || allowed.has(name);
  }

  /** Every region name of the table, sorted. */
  public static names(): string[] {
    return Object.keys(AZURE_REGION_NAMES);
  }

  /**
   * Accept a region the table does not list yet (Azure opened it after {@link AzureRegion.TABLE_DATE}),
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
      .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
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

  /** Refuse a `location` that is no Azure region (AZURE), naming the setting; a Terraform reference passes. */
  public static check(scope: IConstruct, setting: string, value: string): void {
    // A variable's default or a function of literals is judged as the region Terraform gets.
    const literal = typeof value === 'string' ? literalOf(scope, value) : value;
    if (literal === undefined) return;
    const found = AzureRegion.problemOf(literal);
    if (found) refuse(scope, { lesson: 'AZURE', setting, given: literal, ...found });
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

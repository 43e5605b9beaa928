/// <reference types="vite/client" />
import { armTypeOf } from '../../constructs/lessons-check/rules/attributes';
import { ExampleResource, ExampleSet, RuleExamples } from '../../constructs/lessons-check/rule-examples';
import { PLATFORM_SERVICES } from '../../constructs/stack/platform-services';
import { addressOf } from './configuration-blocks';

// The rules' examples (`<rule>.examples.ts` beside each rule, found by their file names when the
// tests load: no list to keep, no index to regenerate) as the tests use them: the "stands alone"
// rows, the generic rule checks and the azure-lessons parity table are generated from them, not
// kept by hand.

/** Every `<rule>.examples.ts` under constructs/, by path (vite's glob import, resolved by vitest when it loads this file). */
export const EXAMPLE_MODULES: Readonly<Record<string, RuleExamples>> =
  // @ts-expect-error TS1343: the typecheck's tsconfig compiles to CommonJS, which has no import.meta; vitest runs this file as ESM and replaces the glob with the imports.
  import.meta.glob<RuleExamples>(
  '../../constructs/**/rules/**/*.examples.ts', { eager: true, import: 'EXAMPLES' });

/** Every rule's examples, sorted by module path; a module without `EXAMPLES` fails naming its file. */
export const RULE_EXAMPLES: readonly RuleExamples[] = Object.keys(EXAMPLE_MODULES).sort().map((file) => {
  const examples = EXAMPLE_MODULES[file];
  if (examples === undefined) throw new Error(`${file.replace(/^(\.\.\/)+/, '')} exports no EXAMPLES: write \`export const EXAMPLES: RuleExamples = { rule, finds, failing, passing }\` (docs/architecture.md, "Adding a rule").`);
  return examples;
});

/** One example of one rule: whether the rule must fail or pass it, and its resources (the last the one judged). */
export interface Example {
  readonly rule: string;
  readonly kind: 'failing' | 'passing';
  /** Its position among the rule's examples of its kind. */
  readonly index: number;
  readonly resources: ExampleSet;
  /** Whether a plan's JSON shows what the example is about (`RuleExamples.failingNotInAPlan`: not). */
  readonly inAPlan: boolean;
}

/** Every rule's examples, by rule id. */
export function examplesByRule(all: readonly RuleExamples[] = RULE_EXAMPLES): Map<string, RuleExamples> {
  const byRule = new Map<string, RuleExamples>();
  for (const examples of all) {
    if (byRule.has(examples.rule)) throw new Error(`two examples modules for ${examples.rule}`);
    byRule.set(examples.rule, examples);
  }
  return byRule;
}

/** The failing sets of a rule's examples, those made for the platform's services and those a plan cannot show included. */
export function failingSets(examples: RuleExamples): readonly ExampleSet[] {
  return [...examples.failing, ...(examples.failingFor?.(PLATFORM_SERVICES) ?? []), ...(examples.failingNotInAPlan ?? [])];
}

/** Every example of every rule, failing then passing per rule. */
export function allExamples(all: readonly RuleExamples[] = RULE_EXAMPLES): Example[] {
  return all.flatMap((examples) => [
    ...failingSets(examples).map((resources, index) => ({ rule: examples.rule, kind: 'failing' as const, index, resources, inAPlan: !examples.failingNotInAPlan?.includes(resources) })),
    ...examples.passing.map((resources, index) => ({ rule: examples.rule, kind: 'passing' as const, index, resources, inAPlan: true })),
  ]);
}

/** The type an example set is about: its last resource's Terraform type, or for an `azapi_resource` the Resource Manager type it creates. */
export function judgedType(set: ExampleSet): string {
  const last = set[set.length - 1];
  return (last.type === 'azapi_resource' ? armTypeOf({ type: last.type, address: '', path: '', attributes: last.attributes }) : undefined) ?? last.type;
}

/** A Terraform-name prefix for one example: `<rule id, lower case>_<f|p><index>_`. */
export function prefixOf(example: Pick<Example, 'rule' | 'kind' | 'index'>): string {
  return `${example.rule.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${example.kind[0]}${example.index}_`;
}

/**
 * The set with every Terraform name prefixed, and every reference to a resource of the set
 * (`${<type>.<name>...`) following it, so sets of many examples in one stack or one directory
 * cannot reference (or collide with) each other's resources. The Azure names (`name` attributes)
 * stay as written.
 */
export function namespaced(set: ExampleSet, prefix: string): ExampleResource[] {
  const own = new Set(set.map((r) => `${r.type}.${r.name}`));
  const rewrite = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(/\$\{([a-z0-9_]+)\.([A-Za-z0-9_-]+)(?=[.}[])/g, (whole, type: string, name: string) => (own.has(`${type}.${name}`) ? `\${${type}.${prefix}${name}` : whole));
    }
    if (Array.isArray(value)) return value.map(rewrite);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v)]));
    return value;
  };
  return set.map((r) => ({ type: r.type, name: `${prefix}${r.name}`, attributes: rewrite(r.attributes) as ExampleResource['attributes'] }));
}

/** Terraform type -> name -> attributes: what test/support/lessons-cli.ts writes as a stack, HCL or a plan. */
export type ResourceTable = Record<string, Record<string, Record<string, unknown>>>;

/** The examples, each namespaced by its prefix, as one table. */
export function tableOf(examples: readonly Example[]): ResourceTable {
  const table: ResourceTable = {};
  for (const example of examples) {
    for (const r of namespaced(example.resources, prefixOf(example))) {
      table[r.type] ??= {};
      if (table[r.type][r.name]) throw new Error(`${r.type}.${r.name} is in two examples`);
      table[r.type][r.name] = { ...r.attributes };
    }
  }
  return table;
}

/** The Terraform addresses of an example's resources once namespaced (the judged one last). */
export function addressesOf(example: Example): string[] {
  return namespaced(example.resources, prefixOf(example)).map((r) => addressOf(r.type, r.name));
}

import { AzureServices } from '../core/azure-service';

/**
 * A raw resource as a rule's example writes it (plain data, as another team's Terraform has it):
 * its Terraform type, its Terraform name, and its attributes as Terraform writes them (snake_case;
 * a reference to another resource of the example as `${<type>.<name>.<attribute>}`).
 */
export interface ExampleResource {
  readonly type: string;
  readonly name: string;
  readonly attributes: { readonly [name: string]: unknown };
}

/** One example: the resources a rule is shown, the last the one it judges (the others what it needs: an API for a policy). */
export type ExampleSet = readonly ExampleResource[];

/**
 * A rule's examples, beside the rule (`<rule>.examples.ts`, internal: the tests find them by their
 * file name, test/support/rule-examples.ts). The tests generate from them the `azure-lessons`
 * parity table, the "stands alone" rows and a check of every rule on the stack path and through
 * `azure-lessons` (HCL, cdk.tf.json, a plan), and `npm run docs:rules` docs/lessons.md's rule
 * table, so a rule needs no row in any hand-kept table.
 */
export interface RuleExamples {
  /** The rule's id (`SEC-1.StorageSharedKey`). */
  readonly rule: string;
  /**
   * What the rule finds, for its row in docs/lessons.md's rule table (one line of Markdown: the
   * resource types and attributes it reads, the azurerm and AzAPI forms, what to do instead).
   * `npm run docs:rules` writes the table from these, in the order the reports list the rules,
   * with each rule's level in the platform pack.
   */
  readonly finds: string;
  /**
   * Sets the rule fails (a non-compliant finding on the last resource, in a production stack):
   * one for every resource type the rule reads, and one AzAPI form (`azapi_resource`) where it reads one.
   */
  readonly failing: readonly ExampleSet[];
  /**
   * Failing sets whose finding rests on a value a first plan does not know (a reference inside an
   * AzAPI body: the plan has the body without it): they fail on the stack, in HCL and in
   * cdk.tf.json; `terraform show -json` of a plan cannot show them.
   * @default - none
   */
  readonly failingNotInAPlan?: readonly ExampleSet[];
  /** Sets the rule lets through (no finding of the rule on any of their resources): what its fix looks like. */
  readonly passing: readonly ExampleSet[];
  /** Failing sets that depend on the services' descriptors (the types a descriptor name-checks), made for a catalogue. */
  readonly failingFor?: (services: AzureServices) => readonly ExampleSet[];
}

/** A raw resource of `type` named `name` (its `name` attribute too, unless `attributes` gives another). */
export function raw(type: string, name: string, attributes: { readonly [name: string]: unknown } = {}): ExampleResource {
  return { type, name, attributes: { name, ...attributes } };
}

/** An `azapi_resource` named `name` creating `type` (`Microsoft.X/y@<api version>`) in resource group `rg`, with `body`. */
export function azapi(name: string, type: string, body: { readonly [name: string]: unknown }): ExampleResource {
  return { type: 'azapi_resource', name, attributes: { name, type, parent_id: '/subscriptions/0/resourceGroups/rg', body } };
}

/** A reference to an attribute of another resource of the example: `${<type>.<name>.<attribute>}`. */
export function ref(type: string, name: string, attribute: string): string {
  return `\${${type}.${name}.${attribute}}`;
}

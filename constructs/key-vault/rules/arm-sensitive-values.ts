import { ARM_SENSITIVE_PROPERTIES } from '../../core/arm-sensitive-properties';
import { knownParts, TerraformVariables, UNKNOWN_PART } from '../../core/terraform-expression';
import { RuleResource } from '../../lessons-check/rule';
import { blockOf, blocksOf } from '../../lessons-check/rules/attributes';

/** What a part known at apply only reads as in a body the checks read: a reference (`${...}`), which no check takes for a literal. */
const UNKNOWN_REFERENCE = '${unknown.at_plan}';

/** `value` with each unknown part of its strings (`UNKNOWN_PART`) as `UNKNOWN_REFERENCE`. */
function withReferences(value: unknown): unknown {
  if (typeof value === 'string') return value.includes(UNKNOWN_PART) ? value.split(UNKNOWN_PART).join(UNKNOWN_REFERENCE) : value;
  if (Array.isArray(value)) return value.map(withReferences);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withReferences(v)]));
  return value;
}

/**
 * A JSON document Terraform is given (an AzAPI body, an ARM template or its parameters) as the
 * object it holds: an object as it is; JSON text parsed (cdktf's `JSON.stringify`, references
 * inside its strings); an expression (`jsonencode({...})`) evaluated, each part known at apply
 * only (`var.env`, a resource's id) read as a reference. Undefined when it cannot be read.
 */
export function documentOf(value: unknown, variables: TerraformVariables): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return blockOf(value);
  try {
    return blockOf(JSON.parse(value));
  } catch {
    // An expression, read below.
  }
  const text = value.includes('${') ? knownParts(value, variables) : undefined;
  if (text === undefined) return undefined;
  try {
    return blockOf(withReferences(JSON.parse(text)));
  } catch {
    return undefined;
  }
}

/** The AzAPI types whose `type` names the Resource Manager type their `body` is of. */
const AZAPI_BODIES = new Set(['azapi_resource', 'azapi_update_resource']);

/** The Resource Manager type (`Microsoft.App/containerApps`, no API version) of an AzAPI resource or update, or undefined. */
export function armTypeOfBody(resource: RuleResource): string | undefined {
  const type = resource.attributes.type;
  return AZAPI_BODIES.has(resource.type) && typeof type === 'string' ? type.split('@')[0] : undefined;
}

/**
 * The credential properties of a Resource Manager type's body (`Microsoft.App/containerApps`, any
 * case): `properties.configuration.secrets[].value` and the like, from the types azapi embeds.
 */
export function armSensitivePathsOf(armType: string): readonly string[] {
  return ARM_SENSITIVE_PROPERTIES[armType.toLowerCase()] ?? [];
}

/**
 * The same paths as `leavesOf` skips them, under `root` (`body`, `sensitive_body`): without list
 * positions (`body.properties.configuration.secrets.value`), a map's key as `*`.
 */
export function armSkipPathsOf(armType: string, root: string): string[] {
  return armSensitivePathsOf(armType).map((p) => `${root}.${p.replace(/\[\]/g, '')}`);
}

/** A string at a credential property of a body, with the setting a finding names (`body.properties.configuration.secrets.redis.value`). */
export interface ArmValue { readonly setting: string; readonly value: string; readonly property: string }

/**
 * Each string at `property` (`properties.configuration.secrets[].value`) of `body`: a list's item
 * named by its literal `name` (else its position, where there are several), a map's by its key.
 */
export function armValuesAt(body: Record<string, unknown>, property: string, root: string): ArmValue[] {
  const out: ArmValue[] = [];
  const visit = (value: unknown, steps: readonly string[], setting: string): void => {
    if (value === undefined || value === null) return;
    if (steps.length === 0) {
      if (typeof value === 'string') out.push({ setting, value, property });
      return;
    }
    const [step, ...rest] = steps;
    const list = step.endsWith('[]');
    const name = list ? step.slice(0, -2) : step;
    if (name === '*') {
      for (const [key, v] of Object.entries(blockOf(value) ?? {})) visit(v, rest, `${setting}.${key}`);
      return;
    }
    const held = blockOf(value)?.[name];
    if (!list) {
      visit(held, rest, `${setting}.${name}`);
      return;
    }
    const items = blocksOf(held);
    items.forEach((item, i) => {
      const key = typeof item.name === 'string' && item.name !== '' && !item.name.includes('${') ? item.name : items.length > 1 ? String(i) : undefined;
      visit(item, rest, `${setting}.${name}${key !== undefined ? `.${key}` : ''}`);
    });
  };
  visit(body, property.split('.'), root);
  return out;
}

import { ARM_SENSITIVE_PROPERTIES } from '../../core/arm-sensitive-properties';
import { blockOf, blocksOf } from '../../lessons-check/rules/attributes';

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

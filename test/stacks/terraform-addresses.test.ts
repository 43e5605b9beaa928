import { describe, expect, it } from 'vitest';
import { synthAll } from '../support/app';

/** A static Terraform address, as depends_on and replace_triggered_by need it: `type.name` (or `data.type.name`). */
const ADDRESS = /^(?:data\.)?[a-z][a-z0-9_]*\.[A-Za-z0-9_-]+$/;
/** replace_triggered_by also takes one attribute of a resource (`type.name.id`: replaced when that value changes). */
const TRIGGER = /^[a-z][a-z0-9_]*\.[A-Za-z0-9_-]+(?:\.[a-z_][a-z0-9_]*)?$/;

describe('Terraform addresses in the synthesized stacks', () => {
  for (const { name, tf } of synthAll()) {
    it(`writes only static addresses into depends_on and replace_triggered_by in ${name} (Terraform refuses "\${...}" there)`, () => {
      const bad: string[] = [];
      for (const [type, items] of Object.entries({ ...(tf.resource ?? {}), ...(tf.data ?? {}) })) {
        for (const [id, r] of Object.entries(items)) {
          for (const ref of (r.depends_on as string[] | undefined) ?? []) if (!ADDRESS.test(ref)) bad.push(`${type}.${id}: ${ref}`);
          for (const ref of ((r.lifecycle as { replace_triggered_by?: string[] } | undefined)?.replace_triggered_by) ?? []) {
            if (!TRIGGER.test(ref)) bad.push(`${type}.${id}: ${ref}`);
          }
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it('would catch an interpolated address (the check itself)', () => {
    expect(ADDRESS.test('${azurerm_api_management_api_policy.webhook-api_policy_B64AAE98}')).toBe(false);
    expect(ADDRESS.test('azurerm_api_management_api_policy.webhook-api_policy_B64AAE98')).toBe(true);
    expect(ADDRESS.test('data.azapi_client_config.client-config')).toBe(true);
  });
});

import { TerraformResource } from 'cdktf';

/**
 * `<type>.<id>`: the static Terraform address `depends_on` and `replace_triggered_by` take. cdktf
 * writes a construct there as `${...}`, which Terraform refuses, and `dependable()` makes a new
 * token on every call, so two entries for one resource would not be seen as the same.
 */
export function addressOf(resource: TerraformResource): string {
  return `${resource.terraformResourceType}.${resource.friendlyUniqueId}`;
}

/** Make each dependent wait for `resource`: its address joins their `depends_on`, once. */
export function waitFor(resource: TerraformResource, ...dependents: TerraformResource[]): void {
  const address = addressOf(resource);
  for (const dependent of dependents) {
    const existing = dependent.dependsOn ?? [];
    if (!existing.includes(address)) dependent.dependsOn = [...existing, address];
  }
}

import * as fs from 'fs';
import * as path from 'path';
import { TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { DeployRequirement, DeployRequirements, PREFLIGHT_FILE, PreflightManifest, RequirementKind, Requirements } from '../core/deploy-requirements';
import { deriveRequirements, withUnresolved } from './deploy-derivation';
import { SharedSynthesis, StackJson } from './shared-synthesis';
import { addOwnSynthesis } from '../core/own-synthesis';
import { TerraformValues } from './terraform-values';
import { compareText } from '../core/text-order';

const KIND_ORDER = new Map((Object.values(RequirementKind) as string[]).map((kind, i) => [kind, i]));
const WRITERS = new WeakSet<TerraformStack>();

/**
 * A stack's deploy prerequisites (`preflight.json` beside its `cdk.tf.json`): what its
 * constructs declared (`DeployRequirements`) and what its resources tell, tokens resolved
 * to literals where the configuration holds them, merged by what they ask. `azure-preflight`
 * (or `Preflight.check`) checks them against a tenant and subscription before `cdktf deploy`.
 */
export class PreflightManifests {
  /** Write `preflight.json` for `stack` at every synth (once per stack; `AzureStack` and `PlatformAspects` do it). */
  public static applyTo(stack: TerraformStack): void {
    if (WRITERS.has(stack)) return;
    WRITERS.add(stack);
    addOwnSynthesis(new Construct(stack, 'PreflightManifest'), (session) => {
      const dir = path.join(session.outdir, session.manifest.forStack(stack).workingDirectory);
      fs.mkdirSync(dir, { recursive: true });
      // At a synth that resolves the stack's JSON once (AzureStack), its attributes are read there.
      fs.writeFileSync(path.join(dir, PREFLIGHT_FILE), `${JSON.stringify(manifestOf(stack, SharedSynthesis.jsonOf(stack)), null, 2)}\n`);
    });
  }

  /** The manifest of `stack` as it stands now. */
  public static of(stack: TerraformStack): PreflightManifest {
    return manifestOf(stack);
  }

  private constructor() {}
}

/** The manifest of `stack`, its attributes read from `json` when given (the synth's resolved JSON), else from each resource. */
function manifestOf(stack: TerraformStack, json?: StackJson): PreflightManifest {
  const values = new TerraformValues(stack, json);
  const merged = new Map<string, { requirement: DeployRequirement; neededBy: Set<string> }>();
  /** The key of each requirement object merged so far: the derivation shares one object among the resources that ask the same. */
  const keys = new Map<DeployRequirement, string>();
  const merge = (requirement: DeployRequirement, neededBy: string) => {
    const seen = keys.get(requirement);
    const key = seen ?? Requirements.keyOf(requirement);
    if (seen === undefined) keys.set(requirement, key);
    const known = merged.get(key);
    if (!known) {
      merged.set(key, { requirement, neededBy: new Set([neededBy]) });
      return;
    }
    known.neededBy.add(neededBy);
    // One object merged again brings nothing new: its fields are in already.
    if (seen !== undefined) return;
    // Fields the first left empty are filled from a later one, and roles are joined; copied only
    // when that changes something (most repeats, e.g. a provider each resource needs, change nothing).
    const current = known.requirement as unknown as Record<string, unknown>;
    const fields = requirement as unknown as Record<string, unknown>;
    let filled: Record<string, unknown> | undefined;
    for (const field in fields) {
      const value = fields[field];
      const now = (filled ?? current)[field];
      if (now === undefined || now === '') {
        if (now !== value || !(field in (filled ?? current))) (filled ??= { ...current })[field] = value;
      } else if (field === 'roles') {
        const roles = [...new Set([...(known.requirement.roles ?? []), ...(value as string[])])].sort();
        const held = now as string[];
        if (roles.length !== held.length || roles.some((r, i) => r !== held[i])) (filled ??= { ...current }).roles = roles;
      }
    }
    if (filled !== undefined) known.requirement = filled as unknown as DeployRequirement;
  };
  for (const { path: declaredBy, requirement } of DeployRequirements.of(stack).declared()) merge(resolveDeclared(requirement, values), declaredBy);
  for (const { requirement, neededBy } of deriveRequirements(values)) merge(requirement, neededBy);
  const requirements = [...merged.entries()]
    .sort(([a, x], [b, y]) => (KIND_ORDER.get(x.requirement.kind) ?? -1) - (KIND_ORDER.get(y.requirement.kind) ?? -1) || compareText(a, b))
    .map(([, { requirement, neededBy }]) => ({ ...requirement, neededBy: [...neededBy].sort() }));
  return { version: 1, stack: stack.node.id, requirements };
}

/** A declaration with its tokens resolved (or kept as their Terraform expression, and named in `unresolved`). */
function resolveDeclared(requirement: DeployRequirement, values: TerraformValues): DeployRequirement {
  const resolved: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(requirement)) {
    if (typeof value === 'string') resolved[field] = values.literal(value) ?? values.expression(value);
    else if (Array.isArray(value)) resolved[field] = value.map((v) => (typeof v === 'string' ? values.literal(v) ?? values.expression(v) : v));
    else resolved[field] = value;
  }
  return withUnresolved(resolved as unknown as DeployRequirement);
}

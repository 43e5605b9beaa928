import { TerraformBackend, TerraformDataSource, TerraformElement, TerraformLocal, TerraformModule, TerraformProvider, TerraformRemoteState, TerraformStack, TerraformVariable } from 'cdktf';
import { IConstruct } from 'constructs';
import { resolveIn } from '../core/claims';
import { literalize, TerraformVariables } from '../core/terraform-expression';
import { RuleResource } from '../lessons-check/rule';
import { BACKEND_TYPE, CLOUD_ADDRESS, DATA_TYPE_PREFIX, LOCAL_TYPE, MODULE_TYPE, PROVIDER_TYPE, VARIABLE_TYPE } from '../lessons-check/rule-runner';
import { StackJson } from './shared-synthesis';

/** A block of a stack as the rules see it, with the construct a finding is reported on. */
export interface ConfigurationBlock extends RuleResource {
  readonly construct: IConstruct;
}

type Json = Record<string, unknown>;

/**
 * The stack's providers, backend, variables, locals, module calls and data sources as the rules see
 * them (`isRunApart`; a credential written in one, SEC-1), read from `json` (the stack's resolved JSON at the synth's
 * custom synthesis step: overrides on the stack included) or else from each construct as it
 * stands. A provider's values are seen through (a variable's default, a function of literals);
 * a variable's default, a local's value, the backend's values, a module call's and a data source's
 * arguments as written, for a rule to judge (cdktf's `//` metadata left out).
 * Only the blocks under `under` (a construct path; the backend only for the whole stack).
 */
export function configurationBlocks(stack: TerraformStack, constructs: readonly IConstruct[], variables: TerraformVariables, json: StackJson | undefined, under: string | undefined): ConfigurationBlock[] {
  const inScope = (c: IConstruct) => under === undefined || c.node.path.startsWith(`${under}/`);
  const own = (c: { toTerraform(): unknown }) => resolveIn(stack, c.toTerraform()) as Json;
  const blocks: ConfigurationBlock[] = [];
  for (const c of constructs) {
    if (!inScope(c)) continue;
    if (c instanceof TerraformProvider) {
      const type = c.terraformResourceType;
      const configs = [(json !== undefined ? (json.provider as Json | undefined)?.[type] : (own(c).provider as Json | undefined)?.[type]) ?? []].flat() as Json[];
      const config = configs.find((p) => p?.alias === c.alias) ?? {};
      const address = c.alias === undefined ? `provider.${type}` : `provider.${type}.${c.alias}`;
      blocks.push({ type: PROVIDER_TYPE, address, path: c.node.path, construct: c, attributes: literalize(config, variables) as Json });
    } else if (c instanceof TerraformVariable) {
      const body = ((json !== undefined ? json.variable : own(c).variable) as Record<string, Json> | undefined)?.[c.friendlyUniqueId] ?? {};
      const { default: given, sensitive, type, description } = body;
      blocks.push({
        type: VARIABLE_TYPE, address: `var.${c.friendlyUniqueId}`, path: c.node.path, construct: c,
        attributes: { ...(given !== undefined ? { default: given } : {}), ...(sensitive !== undefined ? { sensitive } : {}), ...(type !== undefined ? { type } : {}), ...(description !== undefined ? { description } : {}) },
      });
    } else if (c instanceof TerraformLocal) {
      const locals = (json !== undefined ? json.locals : own(c).locals) as Json | undefined;
      if (locals !== undefined && c.friendlyUniqueId in locals) {
        blocks.push({ type: LOCAL_TYPE, address: `local.${c.friendlyUniqueId}`, path: c.node.path, construct: c, attributes: { value: locals[c.friendlyUniqueId] } });
      }
    } else if (c instanceof TerraformModule) {
      const body = ((json !== undefined ? json.module : own(c).module) as Record<string, Json> | undefined)?.[c.friendlyUniqueId];
      if (body !== undefined) blocks.push({ type: MODULE_TYPE, address: `module.${c.friendlyUniqueId}`, path: c.node.path, construct: c, attributes: withoutMetadata(body) });
    } else if (c instanceof TerraformDataSource || c instanceof TerraformRemoteState) {
      const data = ((json !== undefined ? json.data : own(c).data) ?? {}) as Record<string, Record<string, Json>>;
      const element = c as TerraformElement;
      const type = c instanceof TerraformDataSource ? c.terraformResourceType : 'terraform_remote_state';
      const body = data[type]?.[element.friendlyUniqueId];
      if (body !== undefined) {
        blocks.push({ type: `${DATA_TYPE_PREFIX}${type}`, address: `data.${type}.${element.friendlyUniqueId}`, path: c.node.path, construct: c, attributes: withoutMetadata(body) });
      }
    }
  }
  if (under === undefined) {
    // The backend (and HCP Terraform's `cloud` block, under its own address) as the stack writes it:
    // its construct's, with what an override on the stack
    // (`stack.addOverride('terraform.backend.azurerm.access_key', ...)`) sets over it, as cdktf merges them.
    const backend = constructs.find((c): c is TerraformBackend => c instanceof TerraformBackend);
    const terraform = json !== undefined ? (json.terraform ?? {}) as Json : withStackOverrides(stack, backend !== undefined ? ((own(backend).terraform ?? {}) as Json) : {});
    const path = backend?.node.path ?? stack.node.path;
    for (const [type, config] of Object.entries(blockOrEmpty(terraform.backend))) {
      blocks.push({ type: BACKEND_TYPE, address: `${BACKEND_TYPE}.${type}`, path, construct: backend ?? stack, attributes: blockOrEmpty(config) });
    }
    const cloud = blockOrEmpty(terraform.cloud);
    if (Object.keys(cloud).length > 0) blocks.push({ type: BACKEND_TYPE, address: CLOUD_ADDRESS, path, construct: backend ?? stack, attributes: cloud });
  }
  return blocks;
}

/** A block's arguments without cdktf's `//` metadata (the construct path), which no rule judges. */
function withoutMetadata(body: Json): Json {
  return Object.fromEntries(Object.entries(body).filter(([k]) => k !== '//'));
}

/** A value as a block's arguments: an object, or none (null, or an override that removed it). */
function blockOrEmpty(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Json : {};
}

/**
 * The `terraform` block's backend and `cloud` as the stack's JSON will hold them: each backend
 * type's arguments and the cloud block's with the stack's own overrides of them on top (cdktf
 * merges `rawOverrides` last).
 */
function withStackOverrides(stack: TerraformStack, terraform: Json): Json {
  const overrides = (stack as unknown as { rawOverrides?: { terraform?: { backend?: Json; cloud?: unknown } } }).rawOverrides?.terraform ?? {};
  const backend: Json = { ...blockOrEmpty(terraform.backend) };
  for (const [type, args] of Object.entries(overrides.backend ?? {})) {
    backend[type] = { ...blockOrEmpty(backend[type]), ...blockOrEmpty(resolveIn(stack, args)) };
  }
  const cloud = 'cloud' in overrides
    ? (overrides.cloud === null ? {} : { ...blockOrEmpty(terraform.cloud), ...blockOrEmpty(resolveIn(stack, overrides.cloud)) })
    : blockOrEmpty(terraform.cloud);
  return { backend, cloud };
}

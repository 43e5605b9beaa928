import { TerraformResource, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { BACKEND_TYPE, DATA_TYPE_PREFIX, LOCAL_TYPE, MODULE_TYPE, OUTPUT_TYPE, PROVIDER_TYPE, VARIABLE_TYPE } from '../../constructs/lessons-check/rule-runner';
import { addConfigurationBlock } from './configuration-blocks';
import { ResourceTable, allExamples, tableOf } from './rule-examples';

/**
 * Raw resources that break every rule of the platform pack at least once: every rule's failing
 * examples (`<rule>.examples.ts` beside each rule), each namespaced by its rule and position so no
 * example references another's resources. Used three ways by test/lessons-cli/lessons-cli-parity.test.ts: as a
 * cdktf stack (the construct check), as plain HCL (written out by `toHcl`) and as a plan's JSON
 * (`toPlan`), so the command's findings can be compared with the construct check's on the same
 * resources. Generated, not kept by hand: a new rule's examples are in it (but those a plan cannot
 * show, `RuleExamples.failingNotInAPlan`, which test/lessons-check/rule-examples.test.ts checks on the other forms).
 */
export const EVERY_RULE: ResourceTable = tableOf(allExamples().filter((e) => e.kind === 'failing' && e.inAPlan));

/** Attributes written as a map (`name = { ... }`) rather than as nested blocks. */
const MAP_ATTRIBUTES = new Set(['body', 'tags', 'app_settings', 'headers']);

/** A raw resource with the attributes given, as another team's cdktf code might write it. */
class RawResource extends TerraformResource {
  constructor(scope: Construct, id: string, type: string, private readonly attributes: Record<string, unknown>) {
    super(scope, `${type}-${id}`, { terraformResourceType: type });
    this.overrideLogicalId(id);
  }

  protected synthesizeAttributes(): Record<string, unknown> {
    return this.attributes;
  }
}

/** The resources of `table` in a stack (each named by its Terraform name, so the addresses are the same as in HCL). */
export function addResources(stack: TerraformStack, table = EVERY_RULE): void {
  for (const [type, byName] of Object.entries(table)) {
    for (const [name, attributes] of Object.entries(byName)) {
      if (addConfigurationBlock(stack, type, name, attributes) === undefined) new RawResource(stack, name, type, attributes);
    }
  }
}

/** The resources of `table` as HCL: references as expressions, lists of objects as nested blocks. */
export function toHcl(table = EVERY_RULE): string {
  const out: string[] = [];
  for (const [type, byName] of Object.entries(table)) {
    for (const [name, attributes] of Object.entries(byName)) out.push(blockOf(type, name, attributes));
  }
  return out.join('\n');
}

/** One block of HCL: a resource, or a block of the root module that is none (an output, a provider, the backend, a variable, a local). */
function blockOf(type: string, name: string, attributes: Record<string, unknown>): string {
  switch (type) {
    case OUTPUT_TYPE: return `output "${name}" {\n${body(attributes, '  ')}}\n`;
    case PROVIDER_TYPE: return `provider "${name}" {\n${body(attributes, '  ')}}\n`;
    case BACKEND_TYPE: return `terraform {\n  backend "${name}" {\n${body(attributes, '    ')}  }\n}\n`;
    // A variable's type is an HCL type expression (`string`), not a value: left out.
    case VARIABLE_TYPE: return `variable "${name}" {\n${body(Object.fromEntries(Object.entries(attributes).filter(([k]) => k !== 'type')), '  ')}}\n`;
    case LOCAL_TYPE: return `locals {\n  ${name} = ${expression(attributes.value, '  ')}\n}\n`;
    case MODULE_TYPE: return `module "${name}" {\n${body(attributes, '  ')}}\n`;
    default: if (type.startsWith(DATA_TYPE_PREFIX)) return `data "${type.slice(DATA_TYPE_PREFIX.length)}" "${name}" {\n${body(attributes, '  ')}}\n`;
      return `resource "${type}" "${name}" {\n${body(attributes, '  ')}}\n`;
  }
}

function body(attributes: Record<string, unknown>, indent: string): string {
  return Object.entries(attributes).map(([k, v]) => {
    const blocks = Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === 'object') ? v : undefined;
    if (blocks && !MAP_ATTRIBUTES.has(k)) return blocks.map((b) => `${indent}${k} {\n${body(b as Record<string, unknown>, `${indent}  `)}${indent}}\n`).join('');
    return `${indent}${k} = ${expression(v, indent)}\n`;
  }).join('');
}

function expression(v: unknown, indent: string): string {
  if (typeof v === 'string') {
    const whole = /^\$\{([^}]*)\}$/.exec(v);
    return whole ? whole[1] : JSON.stringify(v);
  }
  if (Array.isArray(v)) return `[${v.map((x) => expression(x, indent)).join(', ')}]`;
  // An object's key that is no HCL identifier (`$schema`, `x-api-key`) is quoted, as a team writes it.
  if (v && typeof v === 'object') return `{\n${Object.entries(v).map(([k, x]) => `${indent}  ${/^[A-Za-z_][\w-]*$/.test(k) ? k : JSON.stringify(k)} = ${expression(x, `${indent}  `)}\n`).join('')}${indent}}`;
  return JSON.stringify(v);
}

/**
 * The resources of `table` as `terraform show -json` writes a first plan: values that reference
 * other resources are unknown (left out of planned_values) and the configuration's expressions
 * name what they reference, in Terraform's form (the full traversal, then each shorter one).
 */
export function toPlan(table = EVERY_RULE): object {
  const planned: object[] = [];
  const configured: object[] = [];
  const outputs: Record<string, object> = {};
  const providers: Record<string, object> = {};
  const variables: Record<string, object> = {};
  const given: Record<string, object> = {};
  const calls: Record<string, object> = {};
  for (const [type, byName] of Object.entries(table)) {
    for (const [name, attributes] of Object.entries(byName)) {
      if (type === OUTPUT_TYPE) {
        outputs[name] = { expression: expressionsOf(attributes).value };
        continue;
      }
      // A provider's arguments as their expressions; a variable's default and sensitive, and the value the plan takes (its default).
      if (type === PROVIDER_TYPE) {
        providers[name] = { name, full_name: `registry.terraform.io/hashicorp/${name}`, expressions: expressionsOf(attributes) };
        continue;
      }
      if (type === VARIABLE_TYPE) {
        variables[name] = { ...('default' in attributes ? { default: attributes.default } : {}), ...(attributes.sensitive !== undefined ? { sensitive: attributes.sensitive } : {}) };
        if ('default' in attributes) given[name] = { value: attributes.default };
        continue;
      }
      // A module call: its source, version and the expressions of its inputs; a data source: the expressions of its arguments.
      if (type === MODULE_TYPE) {
        const { source, version, ...inputs } = attributes;
        calls[name] = { source, ...(version !== undefined ? { version_constraint: version } : {}), expressions: expressionsOf(inputs), module: {} };
        continue;
      }
      if (type.startsWith(DATA_TYPE_PREFIX)) {
        const dataType = type.slice(DATA_TYPE_PREFIX.length);
        configured.push({ address: `data.${dataType}.${name}`, mode: 'data', type: dataType, name, provider_config_key: dataType.split('_')[0], expressions: expressionsOf(attributes), schema_version: 0 });
        continue;
      }
      // A plan holds neither the backend nor the locals (RuleExamples.failingNotInAPlan).
      if (type === BACKEND_TYPE || type === LOCAL_TYPE) continue;
      planned.push({ address: `${type}.${name}`, mode: 'managed', type, name, provider_name: 'registry.terraform.io/hashicorp/azurerm', schema_version: 0, values: known(attributes) });
      configured.push({ address: `${type}.${name}`, mode: 'managed', type, name, provider_config_key: 'azurerm', expressions: expressionsOf(attributes), schema_version: 0 });
    }
  }
  return {
    format_version: '1.2', terraform_version: '1.11.4',
    planned_values: { root_module: { resources: planned } },
    variables: given,
    configuration: { provider_config: providers, root_module: { resources: configured, outputs, variables, ...(Object.keys(calls).length > 0 ? { module_calls: calls } : {}) } },
  };
}

const hasReference = (v: unknown): boolean => typeof v === 'string' ? v.includes('${') : Array.isArray(v) ? v.some(hasReference) : v && typeof v === 'object' ? Object.values(v).some(hasReference) : false;

function known(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => !hasReference(v) || Array.isArray(v)).map(([k, v]) => [k,
    Array.isArray(v) && v.every((x) => x && typeof x === 'object') ? v.map((b) => known(b as Record<string, unknown>)) : v]));
}

function expressionsOf(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).map(([k, v]) => {
    if (Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === 'object') && !MAP_ATTRIBUTES.has(k)) return [k, v.map((b) => expressionsOf(b as Record<string, unknown>))];
    if (!hasReference(v)) return [k, { constant_value: v }];
    const refs = [...JSON.stringify(v).matchAll(/\$\{([^}]*)\}/g)].flatMap((m) => traversals(m[1]));
    return [k, { references: refs }];
  }));
}

/** `a.b.c[0].d` -> `a.b.c[0].d`, `a.b.c[0]`, `a.b.c`, `a.b` (as Terraform lists a reference's traversals). */
function traversals(ref: string): string[] {
  const out = [ref];
  let r = ref;
  while (/[.[]/.test(r.slice(r.indexOf('.') + 1))) {
    r = r.replace(/(\[[^\]]*\]|\.[^.[]+)$/, '');
    out.push(r);
  }
  return out;
}

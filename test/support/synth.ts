import { App, TerraformStack, Testing } from 'cdktf';
import { IConstruct } from 'constructs';
import { AzurermProvider } from '@cdktf/provider-azurerm/lib/provider';
import { publishFindings } from '../../constructs/core/findings';

/** Synthesized Terraform JSON of one stack. */
export interface TerraformJson {
  resource?: Record<string, Record<string, Record<string, unknown>>>;
  data?: Record<string, Record<string, Record<string, unknown>>>;
  output?: Record<string, { value: unknown }>;
  provider?: Record<string, unknown[]>;
  terraform?: Record<string, unknown>;
}

/** A bare stack with the azurerm provider, for construct unit tests. */
export function testStack(id = 'test'): TerraformStack {
  const app: App = Testing.app();
  const stack = new TerraformStack(app, id);
  new AzurermProvider(stack, 'azurerm', { features: [{}] });
  return stack;
}

export function synth(stack: TerraformStack): TerraformJson {
  return JSON.parse(Testing.synth(stack)) as TerraformJson;
}

/** All resources of one type, by logical id. */
export function resourcesOf(tf: TerraformJson, type: string): Record<string, Record<string, unknown>> {
  return tf.resource?.[type] ?? {};
}

/**
 * The one resource of a type whose logical id contains the construct path `path` (e.g.
 * `app/http-app` matches `app_http-app_4A9D02E1`), or the only one of its type.
 */
export function resourceOf(tf: TerraformJson, type: string, path?: string): Record<string, unknown> {
  const all = Object.entries(resourcesOf(tf, type));
  const needle = path?.split('/').join('_');
  const matches = (needle ? all.filter(([id]) => id.includes(needle)) : all).map(([, r]) => r);
  const pathSuffix = path;
  if (matches.length !== 1) throw new Error(`expected one ${type}${pathSuffix ? ` at *${pathSuffix}` : ''}, found ${matches.length}`);
  return matches[0];
}

/** Error messages (e.g. lessons-check errors) raised on any construct under the stack; `app.synth()` fails on them. */
export function errorsOf(stack: TerraformStack): string[] {
  return stack.node.findAll().flatMap((c) => c.node.metadata
    .filter((m) => m.type === '@cdktf/error')
    .map((m) => String(m.data)));
}

/**
 * Warning messages raised on any construct under the stack. The constructs' own warnings become
 * annotations at synth (unless suppressed by then); this publishes them first, as a synth would.
 */
export function warningsOf(stack: TerraformStack): string[] {
  publishFindings(stack);
  return stack.node.findAll().flatMap((c) => c.node.metadata
    .filter((m) => m.type === '@cdktf/warn')
    .map((m) => String(m.data)));
}

/** Info messages (notes) raised on `scope` and below it, published first as a synth would. */
export function notesOf(scope: IConstruct): string[] {
  publishFindings(scope);
  return scope.node.findAll().flatMap((c) => c.node.metadata
    .filter((m) => m.type === '@cdktf/info')
    .map((m) => String(m.data)));
}

/** The one logical id of a resource type whose id contains the construct path `path` (throws unless there is exactly one). */
export function idOf(tf: TerraformJson, type: string, path?: string): string {
  const needle = path?.split('/').join('_');
  const ids = Object.keys(resourcesOf(tf, type)).filter((id) => !needle || id.includes(needle));
  if (ids.length !== 1) throw new Error(`expected one ${type}${path ? ` at *${path}` : ''}, found ${ids.length}`);
  return ids[0];
}

/** A Terraform reference to an attribute of that resource, as the synthesized JSON writes it: `${type.id.attribute}`. */
export function ref(tf: TerraformJson, type: string, attribute: string, path?: string): string {
  return `\${${type}.${idOf(tf, type, path)}.${attribute}}`;
}

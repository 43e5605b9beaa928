import { Testing } from 'cdktf';
import { buildApp } from '../../src/app';
import { EnvironmentDefinition, loadEnvironments } from '../../src/environments';
import { TerraformJson } from './synth';

/** Every stack of the given environments (default: the embedded ones), synthesized in one app as `npm run synth` does. */
export function synthAll(environments: readonly EnvironmentDefinition[] = loadEnvironments({ env: {} })) {
  const app = Testing.app();
  return buildApp(app, environments).map((stack) => ({
    name: stack.node.id,
    stack,
    tf: JSON.parse(Testing.synth(stack, true)) as TerraformJson,
  }));
}

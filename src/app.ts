import { App } from 'cdktf';
import { AzureStack } from '../constructs/stack/azure-stack';
import { EnvironmentDefinition } from './environments';
import { STACKS } from './stacks';

/** Every stack for every environment, in one app: `<stack>-<env>` for each stack of the registry. */
export function buildApp(app: App, environments: readonly EnvironmentDefinition[]): AzureStack[] {
  return environments.flatMap((environment) => {
    const { name, stacks, ...shared } = environment;
    return STACKS.map((definition) => definition.create(app, name, shared, stacks[definition.section]));
  });
}

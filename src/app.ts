import { App } from 'cdktf';
import { RealtimeStack } from '../stacks/realtime-stack';
import { EnvironmentDefinition } from './environments';

/** Every stack for every environment, in one app. */
export function buildApp(app: App, environments: readonly EnvironmentDefinition[]): RealtimeStack[] {
  return environments.map(({ name, ...definition }) => new RealtimeStack(app, { ...definition, environmentName: name }));
}

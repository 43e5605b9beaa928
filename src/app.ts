import { App } from 'cdktf';
import { AzureStack } from '../constructs/core/azure-stack';
import { RateLimitingStack } from '../stacks/rate-limiting-stack';
import { RealtimeStack } from '../stacks/realtime-stack';
import { EnvironmentDefinition } from './environments';

/** Every stack for every environment, in one app: `realtime-<env>` and `rate-limiting-<env>`. */
export function buildApp(app: App, environments: readonly EnvironmentDefinition[]): AzureStack[] {
  return environments.flatMap(({ name, rateLimiting, ...definition }) => [
    new RealtimeStack(app, { ...definition, environmentName: name }),
    new RateLimitingStack(app, {
      ...rateLimiting,
      environmentName: name,
      location: definition.location,
      namePrefix: definition.namePrefix,
      production: definition.production,
      tags: definition.tags,
      state: definition.state,
      apiManagement: definition.apiManagement,
      logRetentionDays: definition.logRetentionDays,
    }),
  ]);
}

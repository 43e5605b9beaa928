import { Construct } from 'constructs';
import { AzureStack } from '../constructs/stack/azure-stack';
import { WorkloadStackProps } from './workload-foundation';

/**
 * The known fields of a settings section, at every depth: `true` for a value (a string, a
 * number, a list), `'boolean'` for true or false (a quoted "false" is refused: it is truthy), a
 * nested schema for an object whose fields are known too, and `'map'` for an object of free keys
 * (tags). The environment loader refuses every field not listed here.
 */
export interface SettingsSchema {
  readonly [field: string]: true | 'map' | 'boolean' | SettingsSchema;
}

/** The environment fields every stack shares (the `WorkloadStackProps` without the environment's name). */
export type SharedSettings = Omit<WorkloadStackProps, 'environmentName'>;

/**
 * What the app's stack registry needs to know about one stack: its section of an environment
 * (name, known fields, embedded values, variables) and how to build it. Each stack defines this
 * next to itself; `src/stacks.ts` lists them, and nothing else in `src/` knows a stack.
 */
export interface StackDefinition<S> {
  /** The section of an environment definition, e.g. `realtime` or `rateLimiting`. */
  readonly section: string;
  /** Known fields of the section. */
  readonly fields: SettingsSchema;
  /** The section in each embedded environment; an environment added by a file starts from `dev`'s. */
  readonly embedded: Readonly<Record<string, S>>;
  /** `RTP_<ENV>_<NAME>` variables and the field of the section each one sets, e.g. `{ IMAGE: 'image' }`. */
  readonly variables: Readonly<Record<string, string>>;
  /** The stack of one environment. */
  create(app: Construct, environmentName: string, shared: SharedSettings, settings: S): AzureStack;
}

/** The sample ASP.NET Core image: it honours the Kestrel endpoint settings, so it listens on 8080 and 8081. */
export const SAMPLE_IMAGE = 'mcr.microsoft.com/dotnet/samples:aspnetapp';

/** Known fields of an existing registry. */
export const REGISTRY_FIELDS: SettingsSchema = { name: true, resourceGroupName: true, loginServer: true };

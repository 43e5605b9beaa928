import { TerraformBackend, TerraformDataSource, TerraformHclModule, TerraformLocal, TerraformOutput, TerraformProvider, TerraformRemoteState, TerraformStack, TerraformVariable } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { BACKEND_TYPE, DATA_TYPE_PREFIX, LOCAL_TYPE, MODULE_TYPE, OUTPUT_TYPE, PROVIDER_TYPE, VARIABLE_TYPE } from '../../constructs/lessons-check/rule-runner';

// A rule's example may be a block of the root module that is no resource (`CONFIGURATION_TYPES`):
// an output, a provider, the backend, a variable, a local, a module call or a data source (type
// `data.<type>`). These make it in a stack, as another
// team's cdktf code would, for every test that builds examples (the stack path, "stands alone",
// the azure-lessons parity table).

/** A provider of any name with the arguments given (`alias` among them). */
class RawProvider extends TerraformProvider {
  constructor(scope: Construct, name: string, private readonly args: Record<string, unknown>) {
    super(scope, name, { terraformResourceType: name });
    if (typeof args.alias === 'string') this.alias = args.alias;
  }

  protected synthesizeAttributes(): Record<string, unknown> {
    // The alias is the provider's own meta-argument (set above), not one of its arguments.
    return Object.fromEntries(Object.entries(this.args).filter(([k]) => k !== 'alias'));
  }
}

/** A backend of any type with the arguments given. */
class RawBackend extends TerraformBackend {
  constructor(scope: Construct, type: string, private readonly args: Record<string, unknown>) {
    super(scope, type, type);
  }

  protected synthesizeAttributes(): Record<string, unknown> {
    return this.args;
  }

  public getRemoteStateDataSource(): TerraformRemoteState {
    throw new Error('an example backend has no remote state');
  }
}

/** A data source of any type with the arguments given. */
class RawDataSource extends TerraformDataSource {
  constructor(scope: Construct, type: string, name: string, private readonly args: Record<string, unknown>) {
    super(scope, name, { terraformResourceType: type });
  }

  protected synthesizeAttributes(): Record<string, unknown> {
    return this.args;
  }
}

/**
 * The block `type` `name` with `attributes` made in `stack` (a variable's `default` and `sensitive`,
 * a local's or an output's `value`), or undefined when `type` is a resource type.
 */
export function addConfigurationBlock(stack: TerraformStack, type: string, name: string, attributes: Record<string, unknown>): IConstruct | undefined {
  switch (type) {
    case OUTPUT_TYPE: return new TerraformOutput(stack, name, { value: attributes.value });
    case PROVIDER_TYPE: return new RawProvider(stack, name, attributes);
    case BACKEND_TYPE: return new RawBackend(stack, name, attributes);
    case VARIABLE_TYPE: return new TerraformVariable(stack, name, { default: attributes.default, sensitive: attributes.sensitive as boolean | undefined, type: attributes.type as string | undefined });
    case LOCAL_TYPE: return new TerraformLocal(stack, name, attributes.value);
    case MODULE_TYPE: {
      const { source, version, ...inputs } = attributes;
      return new TerraformHclModule(stack, name, { source: String(source), ...(version !== undefined ? { version: String(version) } : {}), variables: inputs });
    }
    default: return type.startsWith(DATA_TYPE_PREFIX) ? new RawDataSource(stack, type.slice(DATA_TYPE_PREFIX.length), name, attributes) : undefined;
  }
}

/** The address of block `type` `name` in Terraform (`var.x`, `provider.azurerm`), or of a resource (`type.name`). */
export function addressOf(type: string, name: string): string {
  switch (type) {
    case VARIABLE_TYPE: return `var.${name}`;
    case LOCAL_TYPE: return `local.${name}`;
    case PROVIDER_TYPE: return `provider.${name}`;
    case MODULE_TYPE: return `module.${name}`;
    default: return `${type}.${name}`;
  }
}

import { Aspects, AzurermBackend, LocalBackend, TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { AzurermProvider } from '@cdktf/provider-azurerm/lib/provider';
import { AzapiProvider } from '../../.gen/providers/azapi/provider';
import { LessonsCheck } from '../lessons-check/lessons-check';
import { TagsAspect } from './tags';
import { refuse } from './validation';

/** Remote state in an Azure storage account, reached with Entra ID (no storage keys, SEC-1). */
export interface RemoteStateProps {
  /** Storage account that holds the state blobs. */
  readonly storageAccountName: string;
  /**
   * Blob container for the state files.
   * @default 'tfstate'
   */
  readonly containerName?: string;
  /**
   * Resource group of the storage account. Not needed with Entra ID auth; set it if your
   * Terraform version asks for it.
   * @default - not set
   */
  readonly resourceGroupName?: string;
}

export interface AzureStackProps {
  /** Short stack name, e.g. `realtime`. The stack id is `<stackName>-<environmentName>`. */
  readonly stackName: string;
  /** Environment name, e.g. `dev` or `prod`. */
  readonly environmentName: string;
  /**
   * Production environments keep a soft-deleted API Management service on
   * destroy (recoverable); other environments purge it so a name can be reused at once (GW-9).
   * @default false
   */
  readonly production?: boolean;
  /**
   * Tags applied to every taggable resource in the stack, after `environment` and `stack`.
   * @default - only `environment`, `stack` and `managed-by`
   */
  readonly tags?: Record<string, string>;
  /**
   * Remote state. Without it, state stays in a local file next to the synthesized stack.
   * @default - local backend
   */
  readonly state?: RemoteStateProps;
}

const STACK_PART = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * A Terraform stack for one environment of one deployable unit, named `<stack>-<env>`, with the
 * azurerm and azapi providers (credentials and subscription only from the environment: `az login`, OIDC or
 * `ARM_*` variables), state in a local file or in Azure Storage through Entra ID, and the
 * environment's tags on every taggable resource, and the lessons check on every resource,
 * including resources other teams add.
 */
export class AzureStack extends TerraformStack {
  /** The AzureStack a construct belongs to, or undefined outside one (e.g. a plain TerraformStack). */
  public static enclosing(scope: IConstruct): AzureStack | undefined {
    const stack = TerraformStack.of(scope);
    return stack instanceof AzureStack ? stack : undefined;
  }

  /**
   * Whether the construct is deployed to production: the enclosing AzureStack's `production`;
   * outside an AzureStack, `true`, so the stricter rules apply unless a construct is told otherwise.
   */
  public static isProduction(scope: IConstruct): boolean {
    return AzureStack.enclosing(scope)?.production ?? true;
  }

  public readonly environmentName: string;
  public readonly stackName: string;
  public readonly production: boolean;
  public readonly azurerm: AzurermProvider;
  /** For ARM properties azurerm does not model yet; same credentials as azurerm (`ARM_*`, OIDC, `az login`). */
  public readonly azapi: AzapiProvider;

  constructor(scope: Construct, props: AzureStackProps) {
    super(scope, `${props.stackName}-${props.environmentName}`);
    for (const [setting, value] of [['stackName', props.stackName], ['environmentName', props.environmentName]] as const) {
      if (!STACK_PART.test(value)) {
        refuse(this, {
          lesson: 'AZURE', setting, given: value,
          problem: 'stack and environment names become part of resource names and state keys.',
          fix: 'use lower-case letters, digits and single hyphens, starting with a letter.',
        });
      }
    }
    this.environmentName = props.environmentName;
    this.stackName = props.stackName;
    this.production = props.production ?? false;

    this.azurerm = new AzurermProvider(this, 'azurerm', {
      features: [{
        apiManagement: [{ purgeSoftDeleteOnDestroy: !this.production, recoverSoftDeleted: true }],
        resourceGroup: [{ preventDeletionIfContainsResources: this.production }],
      }],
      storageUseAzuread: true,
    });
    this.azapi = new AzapiProvider(this, 'azapi', {});

    if (props.state) {
      new AzurermBackend(this, {
        storageAccountName: props.state.storageAccountName,
        containerName: props.state.containerName ?? 'tfstate',
        key: `${this.node.id}.tfstate`,
        useAzureadAuth: true,
        ...(props.state.resourceGroupName ? { resourceGroupName: props.state.resourceGroupName } : {}),
      });
    } else {
      new LocalBackend(this, { path: `terraform.${this.node.id}.tfstate` });
    }

    Aspects.of(this).add(new LessonsCheck());
    Aspects.of(this).add(new TagsAspect({
      environment: props.environmentName,
      stack: props.stackName,
      'managed-by': 'cdktf',
      ...props.tags,
    }));
  }
}

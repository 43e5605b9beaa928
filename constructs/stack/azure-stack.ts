import { AzurermBackend, LocalBackend, TerraformStack } from 'cdktf';
import { Construct, IConstruct } from 'constructs';
import { AzurermProvider, AzurermProviderFeatures } from '@cdktf/provider-azurerm/lib/provider';
import { AzapiProvider } from '../../.gen/providers/azapi/provider';
import { LessonsCheck } from './lessons-check';
import { RulePack } from '../lessons-check/pack';
import { Production } from '../core/production';
import { PlatformAspects } from './platform-aspects';
import { SharedSynthesis } from './shared-synthesis';
import { refuse, warn } from '../core/validation';

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

/** The azurerm and azapi providers of an `AzureStack`. */
export interface AzureProvidersProps {
  /**
   * Create the providers. `false` when the stack brings its own (`new AzurermProvider(stack,
   * 'azurerm', ...)` and the exported `AzapiProvider`): then give them the features of
   * `AzureStack.providerFeatures` to keep the production behaviour.
   * @default true
   */
  readonly create?: boolean;
  /**
   * Subscription to deploy to.
   * @default - from the environment (`ARM_SUBSCRIPTION_ID`, `az login`)
   */
  readonly subscriptionId?: string;
  /**
   * Entra tenant.
   * @default - from the environment (`ARM_TENANT_ID`, `az login`)
   */
  readonly tenantId?: string;
}

export interface AzureStackProps {
  /** Short stack name, e.g. `realtime`. The stack id is `<stackName>-<environmentName>`. */
  readonly stackName: string;
  /** Environment name, e.g. `dev` or `prod`. */
  readonly environmentName: string;
  /**
   * Production: the constructs' production rules and defaults apply (pinned images, protected
   * data, no keys), a soft-deleted API Management service is kept on destroy (recoverable,
   * GW-9), and a resource group that still holds resources is not deleted. A development stack
   * says `production: false`: left out, a stack is production, so it never gets the development
   * behaviour (API Management purged, non-empty resource groups deleted, production rules off)
   * without asking for it.
   * @default true
   */
  readonly production?: boolean;
  /**
   * Tags applied to every taggable resource in the stack, after `environment` and `stack`.
   * @default - only `environment`, `stack` and `managed-by`
   */
  readonly tags?: { [name: string]: string };
  /**
   * Remote state. Without it, state stays in a local file next to the synthesized stack.
   * @default - local backend
   */
  readonly state?: RemoteStateProps;
  /**
   * Rule packs the lessons check runs besides the platform lessons pack (a later pack decides the
   * level of a rule it shares with an earlier one).
   * @default - the platform lessons pack only
   */
  readonly lessonPacks?: RulePack[];
  /** @default - the stack creates both providers, credentials from the environment */
  readonly providers?: AzureProvidersProps;
}

const STACK_PART = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** Whether an environment name says production: `prod`, `production`, `prd`, `live`, or one of them as a part (`prod-eu`); `preprod`, `non-prod` do not. */
function namesProduction(environmentName: string): boolean {
  const parts = environmentName.toLowerCase().split('-');
  return !parts.some((p) => p === 'non' || p === 'pre') && parts.some((p) => ['prod', 'production', 'prd', 'live'].includes(p));
}

/**
 * A Terraform stack for one environment of one deployable unit, named `<stack>-<env>`, with the
 * azurerm and azapi providers (credentials and subscription from the environment: `az login`,
 * OIDC or `ARM_*` variables, unless given), state in a local file or in Azure Storage through
 * Entra ID, the environment's tags on every taggable resource, and the lessons check on every
 * resource, including resources other teams add.
 */
export class AzureStack extends TerraformStack {
  /** The AzureStack a construct belongs to, or undefined outside one (e.g. a plain TerraformStack). */
  public static enclosing(scope: IConstruct): AzureStack | undefined {
    const stack = TerraformStack.of(scope);
    return stack instanceof AzureStack ? stack : undefined;
  }

  /**
   * Whether the construct is deployed to production: its stack's `production`; in a stack nobody
   * marked, `true`, so the stricter rules apply unless a construct is told otherwise.
   */
  public static isProduction(scope: IConstruct): boolean {
    return Production.isProduction(scope);
  }

  /**
   * The azurerm provider features this library relies on: API Management purged on destroy
   * outside production and recovered when soft-deleted (GW-9), resource groups kept while they
   * hold resources in production, storage accounts managed without data-plane calls (so keyless
   * accounts work). Give them to a provider a stack brings itself.
   */
  public static providerFeatures(production: boolean): AzurermProviderFeatures {
    return {
      apiManagement: [{ purgeSoftDeleteOnDestroy: !production, recoverSoftDeleted: true }],
      resourceGroup: [{ preventDeletionIfContainsResources: production }],
      // A keyless storage account (SEC-1) must not be read through the data plane (queue and
      // static-website properties), which needs data roles the deploying identity may not hold;
      // containers, queues and tables are created through Resource Manager anyway.
      storage: [{ dataPlaneAvailable: false }],
    };
  }

  public readonly environmentName: string;
  public readonly stackName: string;
  public readonly production: boolean;
  /** The azurerm provider, unless the stack brings its own. */
  public readonly azurerm?: AzurermProvider;
  /** For ARM properties azurerm does not model yet; same credentials as azurerm. Unless the stack brings its own. */
  public readonly azapi?: AzapiProvider;
  /** The lessons check of this stack. */
  public readonly lessonsCheck: LessonsCheck;

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
    this.production = props.production ?? true;
    Production.mark(this, this.production);
    if (!this.production && namesProduction(props.environmentName)) {
      warn(this, {
        id: 'ENV.ProductionNamedNonProduction', lesson: 'ENV', setting: 'production', given: false,
        problem: `the environment is named ${JSON.stringify(props.environmentName)}, but the stack is marked production: false: the production rules are off (sample images, keys, public endpoints pass), API Management is purged on destroy and non-empty resource groups are deleted.`,
        fix: 'drop production: false (a stack is production unless it says otherwise), or give a development environment a name that says so (dev, test).',
      });
    }

    const providers = props.providers ?? {};
    if (providers.create ?? true) {
      const credentials = {
        ...(providers.subscriptionId !== undefined ? { subscriptionId: providers.subscriptionId } : {}),
        ...(providers.tenantId !== undefined ? { tenantId: providers.tenantId } : {}),
      };
      this.azurerm = new AzurermProvider(this, 'azurerm', {
        features: [AzureStack.providerFeatures(this.production)],
        storageUseAzuread: true,
        ...credentials,
      });
      this.azapi = new AzapiProvider(this, 'azapi', credentials);
    }

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

    this.lessonsCheck = PlatformAspects.applyTo(this, {
      production: this.production,
      tags: { environment: props.environmentName, stack: props.stackName, 'managed-by': 'cdktf', ...props.tags },
      ...(props.lessonPacks ? { lessonPacks: props.lessonPacks } : {}),
    });
    // The lessons check reads the Terraform JSON cdktf writes, resolved once per synth.
    this.synthesizer = SharedSynthesis.wrap(this, this.synthesizer);
  }

  /**
   * The stack's Terraform JSON. Within `cdktf synth`, what the lessons check and the preflight
   * manifest resolved at the custom synthesis step (once for them and `cdk.tf.json`), unless
   * another custom synthesis step of the stack (a `TerraformAsset`, a team's own) could have
   * changed it since; otherwise resolved at this call.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TerraformStack.toTerraform's own type; jsii keeps an override's signature
  public toTerraform(): any {
    return SharedSynthesis.json(this, () => super.toTerraform());
  }
}

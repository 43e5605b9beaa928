import { TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';

/** What a deploy needs before `terraform apply` can succeed, by kind (see docs/preflight.md). */
export enum RequirementKind {
  /** A service principal that must exist in the tenant (`applicationId`), e.g. Event Grid's. */
  SERVICE_PRINCIPAL = 'service-principal',
  /** A Microsoft Graph permission the deploying identity needs (`permission`). */
  GRAPH_PERMISSION = 'graph-permission',
  /** An Azure action the deploying identity needs on a scope (`action` on `scopeId`). */
  AZURE_PERMISSION = 'azure-permission',
  /** A resource provider that must be registered in the subscription (`namespace`). */
  RESOURCE_PROVIDER = 'resource-provider',
  /** A resource type offered in a region to the subscription (`resourceType` in `location`). */
  REGION = 'region',
  /** A SKU offered in a region (`skuFamily`, `sku`, `location`). */
  SKU = 'sku',
  /** A name that must be free across Azure (or the tenant) before the resource is created (`resourceType`, `name`). */
  GLOBAL_NAME = 'global-name',
  /** A resource the stack reads and does not create: it must exist (`resourceType`, `resourceGroupName`, `name`). */
  EXISTING_RESOURCE = 'existing-resource',
  /**
   * A value Azure gave a resource that may already exist, which the stack must state the same
   * way (`property` of the resource against `expected`, the stack's `setting`), or the plan replaces it.
   */
  EXISTING_VALUE = 'existing-value',
}

/** Which availability list a `RequirementKind.SKU` requirement is checked against. */
export enum SkuFamily {
  /** API Management tiers (`StandardV2`, `BasicV2`, ...): the subscription's API Management SKU list. */
  API_MANAGEMENT = 'api-management',
  /** Functions Flex Consumption: App Service's geo regions for the `FlexConsumption` SKU. */
  FLEX_CONSUMPTION = 'flex-consumption',
  /** Azure Managed Redis (`Balanced_B0`, ...): the region of `Microsoft.Cache/redisEnterprise`; no API lists SKUs per region. */
  MANAGED_REDIS = 'managed-redis',
}

/**
 * One prerequisite of a deploy, as plain data (it is written to `preflight.json`). Which fields
 * are set depends on the kind; make one with `Requirements`. A value the synth cannot know
 * (a token that resolves only at apply) stays as its Terraform expression and is named in
 * `unresolved`: the preflight reports it as unknown instead of guessing.
 */
export interface DeployRequirement {
  readonly kind: RequirementKind;
  /** Why the stack needs it, in one sentence. */
  readonly reason: string;
  /** What needs it: construct paths and Terraform addresses. @default - filled in at synth */
  readonly neededBy?: string[];
  /** SERVICE_PRINCIPAL: the application (client) id. @default - none */
  readonly applicationId?: string;
  /** SERVICE_PRINCIPAL: the application's name, for people. @default - none */
  readonly displayName?: string;
  /** GRAPH_PERMISSION: the Microsoft Graph application permission, e.g. `Application.ReadWrite.OwnedBy`. @default - none */
  readonly permission?: string;
  /** AZURE_PERMISSION: the action, e.g. `Microsoft.Authorization/roleAssignments/write`. @default - none */
  readonly action?: string;
  /**
   * AZURE_PERMISSION: the scope as a Resource Manager id; `{subscriptionId}` stands for the
   * subscription the deploy targets. @default - none
   */
  readonly scopeId?: string;
  /** AZURE_PERMISSION: the scope exists before the deploy (the stack reads it, it does not create it). @default false */
  readonly existing?: boolean;
  /** AZURE_PERMISSION on role assignments: the roles the stack assigns there. @default - none */
  readonly roles?: string[];
  /** RESOURCE_PROVIDER: the namespace, e.g. `Microsoft.App`. @default - none */
  readonly namespace?: string;
  /** REGION, GLOBAL_NAME, EXISTING_*: the Resource Manager type, e.g. `Microsoft.ApiManagement/service`. @default - none */
  readonly resourceType?: string;
  /** REGION, SKU: the region's name, e.g. `westeurope`. @default - none */
  readonly location?: string;
  /** SKU: which availability list. @default - none */
  readonly skuFamily?: SkuFamily;
  /** SKU: the SKU as the stack gives it, e.g. `StandardV2_1`. @default - none */
  readonly sku?: string;
  /** GLOBAL_NAME, EXISTING_*: the resource's name. @default - none */
  readonly name?: string;
  /** GLOBAL_NAME (Front Door endpoints), EXISTING_*: the resource group. @default - none */
  readonly resourceGroupName?: string;
  /** GLOBAL_NAME of a child (a Front Door endpoint): the parent's name (the profile). @default - none */
  readonly parentName?: string;
  /** EXISTING_VALUE: the property Azure sets, under `properties` (e.g. `infrastructureResourceGroup`). @default - none */
  readonly property?: string;
  /** EXISTING_VALUE: the stack's setting that must equal it (Terraform attribute or construct prop). @default - none */
  readonly setting?: string;
  /** EXISTING_VALUE: the value the stack gives. @default - none */
  readonly expected?: string;
  /** The fields whose value is known only at apply, as `<field> = <Terraform expression>`. @default - none */
  readonly unresolved?: string[];
}

/** The scope of an `Requirements.azurePermission`. */
export interface PermissionScope {
  /** Resource Manager id; `{subscriptionId}` for the deploy's subscription. */
  readonly scopeId: string;
  /** The scope exists before the deploy. @default false */
  readonly existing?: boolean;
}

/** The resource of an `Requirements.existingValue`. */
export interface ExistingValueProps {
  /** Resource Manager type, e.g. `Microsoft.App/managedEnvironments`. */
  readonly resourceType: string;
  readonly resourceGroupName: string;
  readonly name: string;
  /** The property Azure sets, under `properties`, e.g. `infrastructureResourceGroup`. */
  readonly property: string;
  /** The setting that must equal it, e.g. `infrastructureResourceGroupName`. */
  readonly setting: string;
  /** The value the stack gives. */
  readonly expected: string;
}

/** Factories for `DeployRequirement`s, one per kind. */
export class Requirements {
  /** A service principal that must exist in the tenant (by application id). */
  public static servicePrincipal(applicationId: string, displayName: string, reason: string): DeployRequirement {
    return { kind: RequirementKind.SERVICE_PRINCIPAL, applicationId, displayName, reason };
  }

  /** A Microsoft Graph application permission of the deploying identity. */
  public static graphPermission(permission: string, reason: string): DeployRequirement {
    return { kind: RequirementKind.GRAPH_PERMISSION, permission, reason };
  }

  /** An Azure action of the deploying identity on a scope (role assignments: `Microsoft.Authorization/roleAssignments/write`). */
  public static azurePermission(action: string, scope: PermissionScope, reason: string, roles?: string[]): DeployRequirement {
    return {
      kind: RequirementKind.AZURE_PERMISSION, action, scopeId: scope.scopeId, reason,
      ...(scope.existing ? { existing: true } : {}), ...(roles && roles.length > 0 ? { roles } : {}),
    };
  }

  /** A resource provider registered in the subscription. */
  public static resourceProvider(namespace: string, reason: string): DeployRequirement {
    return { kind: RequirementKind.RESOURCE_PROVIDER, namespace, reason };
  }

  /** A resource type offered to the subscription in a region. */
  public static region(resourceType: string, location: string, reason: string): DeployRequirement {
    return { kind: RequirementKind.REGION, resourceType, location, reason };
  }

  /** A SKU offered in a region. */
  public static sku(skuFamily: SkuFamily, sku: string, location: string, reason: string): DeployRequirement {
    return { kind: RequirementKind.SKU, skuFamily, sku, location, reason };
  }

  /**
   * A name that must be free before the resource is created (unique across Azure; a Front Door
   * endpoint's within the tenant: give its profile and resource group).
   */
  public static globalName(resourceType: string, name: string, reason: string, resourceGroupName?: string, parentName?: string): DeployRequirement {
    return {
      kind: RequirementKind.GLOBAL_NAME, resourceType, name, reason,
      ...(resourceGroupName !== undefined ? { resourceGroupName } : {}), ...(parentName !== undefined ? { parentName } : {}),
    };
  }

  /** A resource the stack reads and does not create. */
  public static existingResource(resourceType: string, resourceGroupName: string, name: string, reason: string): DeployRequirement {
    return { kind: RequirementKind.EXISTING_RESOURCE, resourceType, resourceGroupName, name, reason };
  }

  /** A value Azure gave a resource that may exist already, which the stack must state the same way. */
  public static existingValue(props: ExistingValueProps, reason: string): DeployRequirement {
    return { kind: RequirementKind.EXISTING_VALUE, ...props, reason };
  }

  /** The key two requirements that ask the same are merged under (case-insensitive, as Azure compares). */
  public static keyOf(requirement: DeployRequirement): string {
    const r = requirement;
    const parts = [r.kind, r.applicationId, r.permission, r.action, r.scopeId, r.namespace, r.resourceType, r.location, r.skuFamily, r.sku,
      r.resourceGroupName, r.parentName, r.name, r.property];
    return parts.map((p) => (p ?? '').toLowerCase()).join('|');
  }

  private constructor() {}
}

/** A declaration and the construct that made it. */
export interface DeclaredRequirement {
  /** The construct path of the declaring construct. */
  readonly path: string;
  readonly requirement: DeployRequirement;
}

const REGISTRIES = new WeakMap<TerraformStack, DeployRequirements>();

/**
 * The prerequisites the constructs of one stack declare while they are constructed (the stack's
 * `preflight.json` adds what it derives from the synthesized resources: resource providers,
 * regions, role-assignment scopes, globally unique names, Graph permissions). Declare what the
 * resources alone do not tell:
 *
 * ```ts
 * DeployRequirements.of(this).add(this, Requirements.sku(SkuFamily.API_MANAGEMENT, props.skuName, props.location, 'the gateway's tier'));
 * ```
 */
export class DeployRequirements {
  /** The registry of `scope`'s stack. */
  public static of(scope: IConstruct): DeployRequirements {
    const stack = TerraformStack.of(scope);
    let registry = REGISTRIES.get(stack);
    if (!registry) {
      registry = new DeployRequirements();
      REGISTRIES.set(stack, registry);
    }
    return registry;
  }

  private readonly entries: DeclaredRequirement[] = [];

  private constructor() {}

  /** Declare that `scope` needs `requirement` for its deploy. */
  public add(scope: IConstruct, requirement: DeployRequirement): void {
    this.entries.push({ path: scope.node.path, requirement });
  }

  /** Every declaration, in the order made. */
  public declared(): DeclaredRequirement[] {
    return [...this.entries];
  }
}

/** The name of the file each stack's requirements are written to, beside `cdk.tf.json`. */
export const PREFLIGHT_FILE = 'preflight.json';

/** `preflight.json`: what one synthesized stack needs before its deploy. */
export interface PreflightManifest {
  /** The format's version (1). */
  readonly version: number;
  /** The stack's name (`realtime-prod`). */
  readonly stack: string;
  /** Every requirement, merged by what it asks. */
  readonly requirements: DeployRequirement[];
}

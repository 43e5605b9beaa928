import { NameRule } from './naming';

/** A built-in role as a service lists it (identity's `BuiltInRole` has this shape). */
export interface ServiceRole {
  readonly roleName: string;
  readonly roleDefinitionId: string;
}

/**
 * What one Azure service tells the shared code about itself: its Resource Manager type, the name
 * rules of the resources it creates, its private-link sub-resources with their DNS zones, and
 * the built-in roles its grants use. Each service folder owns one
 * (`constructs/<service>/<service>-service.ts`); naming, private endpoints and grants read it, so a
 * new service edits no central table.
 */
export interface AzureServiceDescriptor {
  /** Resource Manager type of the service's main resource, e.g. `Microsoft.KeyVault/vaults`. */
  readonly resourceType: string;
  /** Name rules by resource (the service's own under `resource`, its children under their names). */
  readonly names: Readonly<Record<string, NameRule>>;
  /**
   * Private-link sub-resource names and the private DNS zone each resolves through (public cloud).
   * @default - no private endpoints
   */
  readonly privateLink?: Readonly<Record<string, string>>;
  /** The built-in roles the service's grants give. @default - none */
  readonly roles?: Readonly<Record<string, ServiceRole>>;
  /**
   * The raw resource types whose `name` the rule `AZURE.ResourceName` checks, each with the key of
   * its rule in `names`: a Terraform type (`azurerm_key_vault`) or the Resource Manager type an
   * `azapi_resource` creates (`Microsoft.KeyVault/vaults`). List a type only where the name rule
   * is Azure's own; where the construct is stricter than Azure, leave the raw resource to Azure.
   * @default - none
   */
  readonly rawNames?: Readonly<Record<string, string>>;
  /**
   * The id Azure gives each Terraform type of the service, as a template: `{group}` is the
   * resource group's id (`/subscriptions/<id>/resourceGroups/<resource_group_name>`), `{<name>}`
   * an attribute of the resource (`{group}/providers/Microsoft.ServiceBus/namespaces/{name}`,
   * `{namespace_id}/queues/{name}`). The real-provider check (`npm run check:terraform`) gives
   * these ids to its second plan, where other resources' validators parse them.
   * @default - none (the check's own table, tools/terraform-check/stand-in-ids.mjs)
   */
  readonly ids?: Readonly<Record<string, string>>;
  /**
   * Values Azure gives a resource that a stack may also state, by Terraform type: the attribute
   * and the property under the resource's `properties` it must equal
   * (`{ azurerm_container_app_environment: { infrastructure_resource_group_name: 'infrastructureResourceGroup' } }`).
   * Where the resource exists already, the preflight compares them: a different value replaces it.
   * @default - none
   */
  readonly givenByAzure?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const REGISTERED = new Map<string, AzureServiceDescriptor>();
let rawNameIndex: Map<string, NameRule> | undefined;
/** Every descriptor's id templates, merged once per registry change: the preflight asks for every resource of a stack. */
let idTemplateIndex: Readonly<Record<string, string>> | undefined;

function rawNames(): Map<string, NameRule> {
  if (rawNameIndex) return rawNameIndex;
  rawNameIndex = new Map();
  for (const descriptor of REGISTERED.values()) {
    for (const [type, key] of Object.entries(descriptor.rawNames ?? {})) rawNameIndex.set(type, descriptor.names[key]);
  }
  return rawNameIndex;
}

/** The services whose descriptor module is loaded (internal: the shared code reads it). */
export class AzureServices {
  /** Declare a service: its descriptor is registered under its resource type, and returned as it is. */
  public static define<const T extends AzureServiceDescriptor>(descriptor: T): T {
    const known = REGISTERED.get(descriptor.resourceType);
    if (known && known !== descriptor) throw new Error(`two service descriptors declare ${descriptor.resourceType}`);
    for (const [type, key] of Object.entries(descriptor.rawNames ?? {})) {
      if (descriptor.names[key] === undefined) throw new Error(`the ${descriptor.resourceType} descriptor checks ${type} by name rule '${key}', which its names do not hold`);
      const other = [...REGISTERED.values()].find((d) => d !== known && d.rawNames?.[type] !== undefined);
      if (other) throw new Error(`${type} is name-checked by two service descriptors (${other.resourceType} and ${descriptor.resourceType})`);
    }
    REGISTERED.set(descriptor.resourceType, descriptor);
    rawNameIndex = undefined;
    idTemplateIndex = undefined;
    return descriptor;
  }

  /**
   * Take a descriptor out again (for a test: the registry is the module's, shared by every suite
   * that runs in the same process).
   */
  public static remove(resourceType: string): void {
    REGISTERED.delete(resourceType);
    rawNameIndex = undefined;
    idTemplateIndex = undefined;
  }

  /** The name rule of a raw resource type (Terraform or Resource Manager) some descriptor checks, or undefined. */
  public static nameRuleOf(type: string): NameRule | undefined {
    return rawNames().get(type);
  }

  /** The id templates of every loaded descriptor, by Terraform type (see `AzureServiceDescriptor.ids`). */
  public static idTemplates(): Readonly<Record<string, string>> {
    idTemplateIndex ??= Object.freeze(Object.assign({}, ...[...REGISTERED.values()].map((d) => d.ids ?? {})) as Record<string, string>);
    return idTemplateIndex;
  }

  /**
   * The Resource Manager type a Terraform type creates, from the descriptors' `ids` (a top-level
   * template `{group}/providers/<Namespace>/<type>/{name}`), or undefined: a child's type
   * (`{parent_id}/...`) is known only with its parent, and a type no descriptor lists is unknown.
   */
  public static armTypeOf(terraformType: string): string | undefined {
    const template = AzureServices.idTemplates()[terraformType];
    return template === undefined ? undefined : /^\{group\}\/providers\/([^/{}]+\/[^/{}]+)\/\{name\}$/.exec(template)?.[1];
  }

  /** The values Azure gives a Terraform type that a stack may also state (see `AzureServiceDescriptor.givenByAzure`). */
  public static givenByAzure(terraformType: string): Readonly<Record<string, string>> | undefined {
    for (const descriptor of REGISTERED.values()) {
      const given = descriptor.givenByAzure?.[terraformType];
      if (given) return given;
    }
    return undefined;
  }

  /** Every raw resource type a loaded descriptor's name rule checks (Terraform and Resource Manager), sorted. */
  public static nameCheckedTypes(): string[] {
    return [...rawNames().keys()].sort();
  }

  /** The descriptor of a Resource Manager type (case as Azure writes it), or undefined. */
  public static of(resourceType: string): AzureServiceDescriptor | undefined {
    return REGISTERED.get(resourceType);
  }

  /** The resource types of every loaded descriptor, sorted. */
  public static types(): string[] {
    return [...REGISTERED.keys()].sort();
  }

  /** The resource types that declare private-link sub-resources. */
  public static withPrivateLink(): string[] {
    return [...REGISTERED.values()].filter((d) => d.privateLink !== undefined).map((d) => d.resourceType);
  }

  private constructor() {}
}

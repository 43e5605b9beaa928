import { IConstruct } from 'constructs';
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

/** One service, as its folder describes it. */
export class AzureService {
  /**
   * Describe a service: the descriptor is checked on its own (every raw type it name-checks names
   * a rule its `names` hold) and returned as it is. Nothing is registered: the service folder
   * exports it (`export const XXX_SERVICE = AzureService.describe({ ... })`), and a catalogue
   * (`AzureServices`) is made from an explicit list of descriptors (the platform's is the
   * generated service index's, `npm run gen:services`).
   */
  public static describe<const T extends AzureServiceDescriptor>(descriptor: T): T {
    for (const [type, key] of Object.entries(descriptor.rawNames ?? {})) {
      if (descriptor.names[key] === undefined) throw new Error(`the ${descriptor.resourceType} descriptor checks ${type} by name rule '${key}', which its names do not hold`);
    }
    return descriptor;
  }

  private constructor() {}
}

/** The catalogue each stack holds, by stack (`AzureServices.attach`). */
const ATTACHED = new WeakMap<IConstruct, AzureServices>();

/**
 * A catalogue of services, made from an explicit list of descriptors (internal: the shared code
 * reads it). The platform's is `PLATFORM_SERVICES` (constructs/stack/platform-services.ts, from the
 * generated service index); a catalogue is a plain value, so two stacks, two tests or another
 * team's list never see each other's.
 */
export class AzureServices {
  /**
   * The catalogue `scope`'s stack holds (`AzureStack` holds the platform's), or undefined: what a
   * construct given only a resource type (`PrivateEndpoint` without its zones) looks the type up in.
   */
  public static in(scope: IConstruct): AzureServices | undefined {
    for (let node: IConstruct | undefined = scope; node; node = node.node.scope) {
      const held = ATTACHED.get(node);
      if (held) return held;
    }
    return undefined;
  }

  /** Give `stack` (and every construct under it) a catalogue, unless it holds one already; returns the one it holds. */
  public static attach(stack: IConstruct, services: AzureServices): AzureServices {
    const held = ATTACHED.get(stack);
    if (held) return held;
    ATTACHED.set(stack, services);
    return services;
  }

  private readonly byType = new Map<string, AzureServiceDescriptor>();
  private readonly rawNameIndex = new Map<string, NameRule>();
  /** Every descriptor's id templates, merged once: the preflight asks for every resource of a stack. */
  private readonly idTemplateIndex: Readonly<Record<string, string>>;
  /** Every descriptor's `givenByAzure`, by Terraform type (made when first asked). */
  private givenByAzureIndex?: Map<string, Readonly<Record<string, string>>>;

  /** A catalogue of `descriptors` (each made with `AzureService.describe`); two that declare one type, or name-check one raw type, are refused. */
  constructor(descriptors: readonly AzureServiceDescriptor[]) {
    for (const descriptor of descriptors) {
      AzureService.describe(descriptor);
      if (this.byType.has(descriptor.resourceType)) throw new Error(`two service descriptors declare ${descriptor.resourceType}`);
      for (const [type, key] of Object.entries(descriptor.rawNames ?? {})) {
        const other = [...this.byType.values()].find((d) => d.rawNames?.[type] !== undefined);
        if (other) throw new Error(`${type} is name-checked by two service descriptors (${other.resourceType} and ${descriptor.resourceType})`);
        this.rawNameIndex.set(type, descriptor.names[key]);
      }
      this.byType.set(descriptor.resourceType, descriptor);
    }
    this.idTemplateIndex = Object.freeze(Object.assign({}, ...descriptors.map((d) => d.ids ?? {})) as Record<string, string>);
  }

  /** The descriptors, in the order given. */
  public get descriptors(): AzureServiceDescriptor[] {
    return [...this.byType.values()];
  }

  /** The name rule of a raw resource type (Terraform or Resource Manager) some descriptor checks, or undefined. */
  public nameRuleOf(type: string): NameRule | undefined {
    return this.rawNameIndex.get(type);
  }

  /** The id templates of every descriptor, by Terraform type (see `AzureServiceDescriptor.ids`). */
  public idTemplates(): Readonly<Record<string, string>> {
    return this.idTemplateIndex;
  }

  /**
   * The Resource Manager type a Terraform type creates, from the descriptors' `ids` (a top-level
   * template `{group}/providers/<Namespace>/<type>/{name}`), or undefined: a child's type
   * (`{parent_id}/...`) is known only with its parent, and a type no descriptor lists is unknown.
   */
  public armTypeOf(terraformType: string): string | undefined {
    const template = this.idTemplateIndex[terraformType];
    return template === undefined ? undefined : /^\{group\}\/providers\/([^/{}]+\/[^/{}]+)\/\{name\}$/.exec(template)?.[1];
  }

  /** The values Azure gives a Terraform type that a stack may also state (see `AzureServiceDescriptor.givenByAzure`). */
  public givenByAzure(terraformType: string): Readonly<Record<string, string>> | undefined {
    // Indexed when first asked: the preflight asks for every resource of a stack.
    if (this.givenByAzureIndex === undefined) {
      this.givenByAzureIndex = new Map();
      for (const descriptor of this.byType.values()) {
        for (const [type, given] of Object.entries(descriptor.givenByAzure ?? {})) {
          // The first descriptor that gives a type's values, as a search in order finds it.
          if (given && !this.givenByAzureIndex.has(type)) this.givenByAzureIndex.set(type, given);
        }
      }
    }
    return this.givenByAzureIndex.get(terraformType);
  }

  /** Every raw resource type a descriptor's name rule checks (Terraform and Resource Manager), sorted. */
  public nameCheckedTypes(): string[] {
    return [...this.rawNameIndex.keys()].sort();
  }

  /** The descriptor of a Resource Manager type (case as Azure writes it), or undefined. */
  public of(resourceType: string): AzureServiceDescriptor | undefined {
    return this.byType.get(resourceType);
  }

  /** The resource types of every descriptor, sorted. */
  public types(): string[] {
    return [...this.byType.keys()].sort();
  }

  /** The resource types that declare private-link sub-resources. */
  public withPrivateLink(): string[] {
    return [...this.byType.values()].filter((d) => d.privateLink !== undefined).map((d) => d.resourceType);
  }
}

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
}

const REGISTERED = new Map<string, AzureServiceDescriptor>();

/** The services whose descriptor module is loaded (internal: the shared code reads it). */
export class AzureServices {
  /** Declare a service: its descriptor is registered under its resource type, and returned as it is. */
  public static define<const T extends AzureServiceDescriptor>(descriptor: T): T {
    const known = REGISTERED.get(descriptor.resourceType);
    if (known && known !== descriptor) throw new Error(`two service descriptors declare ${descriptor.resourceType}`);
    REGISTERED.set(descriptor.resourceType, descriptor);
    return descriptor;
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

import { TerraformDataSource, TerraformElement, TerraformResource, TerraformStack } from 'cdktf';
import { PLATFORM_SERVICES } from './platform-services';
import { resolveIn } from '../core/claims';
import { StackJson } from './shared-synthesis';

/** Stands for the subscription the deploy targets in the ids the preflight manifest holds. */
export const SUBSCRIPTION_PLACEHOLDER = '{subscriptionId}';

/** A simple reference as the synthesized stack writes it: `${azurerm_x.id.attr}` or `${data.azurerm_x.id.attr}`. */
const REFERENCE = /\$\{((?:data\.)?[A-Za-z0-9_]+\.[A-Za-z0-9_-]+)\.([A-Za-z0-9_]+)\}/g;
/** Data sources whose `subscription_id` is the subscription of the deploy. */
const CLIENT_CONFIGS = new Set(['azurerm_client_config', 'azapi_client_config']);
const MAX_DEPTH = 12;

/** A Terraform resource or data source of the stack, with its attributes resolved as the synthesized JSON holds them. */
export interface StackElement {
  /** `azurerm_x.id` or `data.azurerm_x.id`. */
  readonly address: string;
  readonly type: string;
  readonly isData: boolean;
  readonly path: string;
  /** One attribute, resolved (references stay `${...}`), or undefined. */
  attribute(name: string): unknown;
}

/**
 * The values of a stack's resources before apply: each attribute resolved as `cdk.tf.json`
 * writes it, and references to other resources' inputs (`${azurerm_resource_group.rg.name}`)
 * followed to their literals. An id is built from the id templates of the service descriptors,
 * with `SUBSCRIPTION_PLACEHOLDER` for the subscription. What only apply can tell (a
 * principal id, a random suffix) stays unresolved.
 */
export class TerraformValues {
  public readonly elements: StackElement[];
  private readonly byAddress = new Map<string, StackElement>();
  /** Each element's id as found, and the depth it was found at: every grant on one resource asks for its id. */
  private readonly ids = new Map<StackElement, { id: string | undefined; depth: number }>();

  /**
   * @param json the stack's resolved Terraform JSON, when the synth has it (`SharedSynthesis`):
   * each attribute is read there, with nothing to resolve.
   */
  constructor(private readonly stack: TerraformStack, private readonly json?: StackJson) {
    this.elements = stack.node.findAll()
      .filter((c): c is TerraformElement => c instanceof TerraformResource || c instanceof TerraformDataSource)
      .map((element) => this.toElement(element as TerraformResource | TerraformDataSource));
    for (const element of this.elements) this.byAddress.set(element.address, element);
  }

  /** The value with its tokens resolved and its references followed, or undefined when apply alone can tell. */
  public literal(value: unknown, depth = 0): string | undefined {
    const resolved = typeof value === 'string' && !value.includes('${') ? value : resolveIn(this.stack, value);
    if (typeof resolved === 'number' || typeof resolved === 'boolean') return String(resolved);
    if (typeof resolved !== 'string') return undefined;
    if (depth > MAX_DEPTH) return undefined;
    let unknown = false;
    const replaced = resolved.replace(REFERENCE, (_match, address: string, attribute: string) => {
      const value = this.referenced(address, attribute, depth + 1);
      if (value === undefined) unknown = true;
      return value ?? '';
    });
    return unknown || replaced.includes('${') ? undefined : replaced;
  }

  /** `value` as the synthesized stack writes it (a Terraform expression where it is not a literal). */
  public expression(value: unknown): string {
    const resolved = resolveIn(this.stack, value);
    return typeof resolved === 'string' ? resolved : JSON.stringify(resolved);
  }

  /** Whether `value` refers to a data source (something that exists before the deploy). */
  public refersToData(value: unknown): boolean {
    const resolved = this.expression(value);
    return [...resolved.matchAll(REFERENCE)].some(([, address]) => address.startsWith('data.'));
  }

  /** The Resource Manager type the element creates or reads, or undefined. */
  public armTypeOf(element: StackElement, depth = 0): string | undefined {
    if (element.type === 'azurerm_resource_group') return 'Microsoft.Resources/resourceGroups';
    if (element.type === 'azapi_resource') {
      const type = this.literal(element.attribute('type'));
      return type?.split('@')[0];
    }
    const top = PLATFORM_SERVICES.armTypeOf(element.type);
    if (top !== undefined || depth > MAX_DEPTH) return top;
    const child = /^\{([a-z0-9_]+)\}\/([A-Za-z]+)\/\{name\}$/.exec(PLATFORM_SERVICES.idTemplates()[element.type] ?? '');
    if (!child) return undefined;
    const parent = this.referencedElement(element.attribute(child[1]));
    const parentType = parent ? this.armTypeOf(parent, depth + 1) : undefined;
    return parentType === undefined ? undefined : `${parentType}/${child[2]}`;
  }

  /** The Resource Manager id the element will have, `{subscriptionId}` for the deploy's subscription, or undefined. */
  public idOf(element: StackElement, depth = 0): string | undefined {
    // The depth only cuts the search short: an id found is found again with as much depth to go
    // or more, and one not found is not found with as much or less.
    const known = this.ids.get(element);
    if (known !== undefined && (known.id !== undefined ? depth <= known.depth : depth >= known.depth)) return known.id;
    const id = this.findId(element, depth);
    this.ids.set(element, { id, depth });
    return id;
  }

  private findId(element: StackElement, depth: number): string | undefined {
    if (depth > MAX_DEPTH) return undefined;
    if (element.type === 'azurerm_resource_group') {
      const name = this.literal(element.attribute('name'), depth + 1);
      return name === undefined ? undefined : `/subscriptions/${SUBSCRIPTION_PLACEHOLDER}/resourceGroups/${name}`;
    }
    if (element.type === 'azapi_resource') {
      if (element.attribute('resource_id') !== undefined) return this.literal(element.attribute('resource_id'), depth + 1);
      const type = this.armTypeOf(element);
      const parent = this.literal(element.attribute('parent_id'), depth + 1);
      const name = this.literal(element.attribute('name'), depth + 1);
      if (type === undefined || parent === undefined || name === undefined) return undefined;
      const segments = type.split('/');
      return segments.length > 2 ? `${parent}/${segments[segments.length - 1]}/${name}` : `${parent}/providers/${type}/${name}`;
    }
    const template = PLATFORM_SERVICES.idTemplates()[element.type];
    if (template === undefined) return undefined;
    let unknown = false;
    const id = template.split(/(\{[a-z0-9_]+\})/).map((part) => {
      const placeholder = /^\{([a-z0-9_]+)\}$/.exec(part);
      if (!placeholder) return part;
      const value = placeholder[1] === 'group' ? this.groupIdOf(element, depth + 1) : this.literal(element.attribute(placeholder[1]), depth + 1);
      if (value === undefined) unknown = true;
      return value ?? '';
    }).join('');
    return unknown ? undefined : id;
  }

  /** The element's resource group name, or undefined. */
  public resourceGroupOf(element: StackElement): string | undefined {
    const named = this.literal(element.attribute('resource_group_name'));
    if (named !== undefined) return named;
    return /\/resourceGroups\/([^/]+)/i.exec(this.idOf(element) ?? '')?.[1];
  }

  /** The element a reference (`${azurerm_x.y.id}`) points at, if the value is one. */
  public referencedElement(value: unknown): StackElement | undefined {
    const resolved = this.expression(value);
    const match = /^\$\{((?:data\.)?[A-Za-z0-9_]+\.[A-Za-z0-9_-]+)\.[A-Za-z0-9_]+\}$/.exec(resolved);
    return match ? this.byAddress.get(match[1]) : undefined;
  }

  private groupIdOf(element: StackElement, depth: number): string | undefined {
    const group = this.literal(element.attribute('resource_group_name'), depth);
    return group === undefined ? undefined : `/subscriptions/${SUBSCRIPTION_PLACEHOLDER}/resourceGroups/${group}`;
  }

  private referenced(address: string, attribute: string, depth: number): string | undefined {
    const element = this.byAddress.get(address);
    if (!element) return undefined;
    if (element.isData && CLIENT_CONFIGS.has(element.type) && attribute === 'subscription_id') return SUBSCRIPTION_PLACEHOLDER;
    if (attribute === 'id') return this.idOf(element, depth);
    // Only what the configuration gives: a computed attribute (principal_id) is known at apply.
    const value = element.attribute(attribute);
    return value === undefined ? undefined : this.literal(value, depth);
  }

  private toElement(element: TerraformResource | TerraformDataSource): StackElement {
    const isData = element instanceof TerraformDataSource;
    const stack = this.stack;
    const bindings = element as unknown as Record<string, unknown> & { rawOverrides?: object };
    // Generated bindings have an `<attribute>Input` getter for every attribute they take; their
    // configuration is read there unless escape hatches (overrides) change the JSON.
    const generated = element.terraformGeneratorMetadata !== undefined && Object.keys(bindings.rawOverrides ?? {}).length === 0;
    let raw: Record<string, unknown> | undefined = this.json === undefined ? undefined
      : ((isData ? this.json.data : this.json.resource)?.[element.terraformResourceType]?.[element.friendlyUniqueId] ?? {});
    const resolved = new Map<string, unknown>();
    /** The configured value: a generated binding's `<attribute>Input` getter, else the element's Terraform JSON. */
    const configured = (name: string): unknown => {
      // Reading one getter is cheap; building the whole JSON (toTerraform) of each of hundreds of resources is not.
      if (generated && raw === undefined) {
        const input = `${name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())}Input`;
        return input in element ? bindings[input] : undefined;
      }
      if (raw === undefined) {
        const json = element.toTerraform() as { resource?: Record<string, Record<string, unknown>>; data?: Record<string, Record<string, unknown>> };
        const config = Object.values(Object.values((isData ? json.data : json.resource) ?? {})[0] ?? {})[0];
        raw = config !== null && typeof config === 'object' && !Array.isArray(config) ? config as Record<string, unknown> : {};
      }
      return raw[name];
    };
    return {
      address: `${isData ? 'data.' : ''}${element.terraformResourceType}.${element.friendlyUniqueId}`,
      type: element.terraformResourceType,
      isData,
      path: element.node.path,
      attribute(name: string): unknown {
        if (!resolved.has(name)) {
          const value = configured(name);
          resolved.set(name, value === undefined ? undefined : resolveIn(stack, value));
        }
        return resolved.get(name);
      },
    };
  }
}

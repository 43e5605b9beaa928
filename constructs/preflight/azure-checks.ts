import { DeployRequirement, SkuFamily } from '../core/deploy-requirements';
import { AzureClients } from './azure-clients';
import { CheckStatus, DeployerIdentity, PreflightCheckResult, PrincipalKind } from './types';

type Result = PreflightCheckResult;

/** A region's name as Resource Manager lists it either way (`westeurope`, `West Europe`). */
export function regionKey(location: string): string {
  return location.toLowerCase().replace(/[\s_-]/g, '');
}

/** The HTTP status of an SDK error, if it has one. */
export function statusOf(error: unknown): number | undefined {
  const e = error as { statusCode?: number; status?: number; response?: { status?: number } };
  return e?.statusCode ?? e?.status ?? e?.response?.status;
}

/** What an SDK error says, short. */
export function messageOf(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const status = statusOf(error);
  return `${status !== undefined ? `${status} ` : ''}${e?.code ? `${e.code}: ` : ''}${(e?.message ?? String(error)).split('\n')[0]}`;
}

const unknown = (requirement: DeployRequirement, detail: string, fix?: string): Result => ({ requirement, status: CheckStatus.UNKNOWN, detail, ...(fix ? { fix } : {}) });

/** A provider's registration and resource types, read once per namespace. */
interface ProviderInfo {
  readonly registered: boolean;
  readonly state: string;
  readonly resourceTypes: readonly { resourceType?: string; locations?: string[]; apiVersions?: string[] }[];
}

/** One role assignment of the deployer, with what its role allows. */
interface Assignment {
  readonly scope: string;
  readonly roleName: string;
  readonly condition?: string;
  readonly permissions: readonly { actions?: string[]; notActions?: string[] }[];
}

/** The checks that read Resource Manager. Each reads what it needs once and never throws: an error is an unknown. */
export class AzureChecks {
  private readonly providers = new Map<string, Promise<ProviderInfo | undefined>>();
  private locations?: Promise<Map<string, string>>;
  private assignments?: Promise<Assignment[]>;
  private apimSkus?: Promise<{ name: string; locations: string[]; restricted: string[] }[]>;
  private flexRegions?: Promise<string[]>;

  constructor(private readonly clients: AzureClients, private readonly deployer: DeployerIdentity) {}

  /** `{subscriptionId}` replaced by the subscription the checks run against. */
  public resolve(id: string): string {
    return id.replace(/\{subscriptionId\}/g, this.clients.subscriptionId);
  }

  public async resourceProvider(requirement: DeployRequirement): Promise<Result> {
    const namespace = requirement.namespace ?? '';
    const fix = `az provider register --namespace ${namespace} --subscription ${this.clients.subscriptionId} --wait`;
    try {
      const provider = await this.provider(namespace);
      if (provider === undefined) return { requirement, status: CheckStatus.MISSING, detail: `${namespace} is not a resource provider this subscription knows.`, fix };
      if (provider.registered) return { requirement, status: CheckStatus.OK, detail: `${namespace} is registered.` };
      return { requirement, status: CheckStatus.MISSING, detail: `${namespace} is ${provider.state}: creating its resources fails until it is registered.`, fix };
    } catch (error) {
      return unknown(requirement, `the provider could not be read (${messageOf(error)}).`, fix);
    }
  }

  public async region(requirement: DeployRequirement): Promise<Result> {
    const type = requirement.resourceType ?? '';
    const location = requirement.location ?? '';
    const [namespace, ...rest] = type.split('/');
    const pick = `az provider show --namespace ${namespace} --query "resourceTypes[?resourceType=='${rest.join('/')}'].locations" -o tsv`;
    try {
      const offered = await this.subscriptionLocations();
      if (!offered.has(regionKey(location))) {
        return {
          requirement, status: CheckStatus.MISSING,
          detail: `${location} is not a region this subscription may deploy to (restricted, canary or another cloud's).`,
          fix: `choose a region from az account list-locations --query "[?metadata.regionType=='Physical'].name" -o tsv.`,
        };
      }
      const provider = await this.provider(namespace);
      const entry = provider?.resourceTypes.find((t) => t.resourceType?.toLowerCase() === rest.join('/').toLowerCase());
      if (!entry) return unknown(requirement, `${namespace} does not list the resource type ${rest.join('/')} for this subscription.`, pick);
      const locations = entry.locations ?? [];
      if (locations.length === 0 || locations.some((l) => regionKey(l) === regionKey(location))) {
        return { requirement, status: CheckStatus.OK, detail: `${type} is offered in ${location}.` };
      }
      return { requirement, status: CheckStatus.MISSING, detail: `${type} is not offered in ${location} to this subscription.`, fix: `choose a region from ${pick}.` };
    } catch (error) {
      return unknown(requirement, `the regions could not be read (${messageOf(error)}).`, pick);
    }
  }

  public async sku(requirement: DeployRequirement): Promise<Result> {
    const location = requirement.location ?? '';
    try {
      switch (requirement.skuFamily) {
        case SkuFamily.API_MANAGEMENT: return await this.apimSku(requirement, location);
        case SkuFamily.FLEX_CONSUMPTION: {
          const regions = await this.flexConsumptionRegions();
          if (regions.includes(regionKey(location))) return { requirement, status: CheckStatus.OK, detail: `Flex Consumption is offered in ${location}.` };
          return { requirement, status: CheckStatus.MISSING, detail: `Flex Consumption is not offered in ${location}.`, fix: 'choose a region from az functionapp list-flexconsumption-locations -o table.' };
        }
        case SkuFamily.MANAGED_REDIS: {
          const region = await this.region({ ...requirement, resourceType: 'Microsoft.Cache/redisEnterprise' });
          return {
            ...region, requirement,
            detail: `${region.detail} The SKU ${requirement.sku ?? ''} itself: no API lists Managed Redis SKUs per region, the apply tells.`,
          };
        }
        default: return unknown(requirement, `no check for the SKU family ${requirement.skuFamily ?? '(none)'}.`);
      }
    } catch (error) {
      return unknown(requirement, `the SKU list could not be read (${messageOf(error)}).`);
    }
  }

  public async permission(requirement: DeployRequirement): Promise<Result> {
    const action = requirement.action ?? '';
    const scope = this.resolve(requirement.scopeId ?? '');
    const objectId = this.deployer.objectId;
    const fix = this.permissionFix(requirement, scope);
    if (objectId === undefined) return unknown(requirement, 'the Resource Manager token names no object id (oid).', fix);
    try {
      const applicable = (await this.deployerAssignments()).filter((a) => covers(a.scope, scope));
      const granting = applicable.filter((a) => a.permissions.some((p) => allows(p, action)));
      const plain = granting.find((a) => a.condition === undefined);
      if (plain) return { requirement, status: CheckStatus.OK, detail: `${plain.roleName} at ${plain.scope} allows ${action}.` };
      if (granting.length > 0) {
        return unknown(requirement, `${granting[0].roleName} at ${granting[0].scope} allows ${action} under a condition: ${granting[0].condition}${requirement.roles ? ` (the stack assigns ${requirement.roles.join(', ')})` : ''}.`, fix);
      }
      return {
        requirement, status: CheckStatus.MISSING,
        detail: `no role of the deployer (${applicable.map((a) => a.roleName).join(', ') || 'none'} at or above the scope) allows ${action} on ${scope}.`, fix,
      };
    } catch (error) {
      return unknown(requirement, `the deployer's role assignments could not be read (${messageOf(error)}).`, fix);
    }
  }

  /** A resource the stack reads: it must exist. */
  public async existingResource(requirement: DeployRequirement): Promise<Result> {
    const id = this.idOf(requirement);
    try {
      const found = await this.get(requirement.resourceType ?? '', id);
      if (found !== undefined) return { requirement, status: CheckStatus.OK, detail: `${id} exists.` };
      return {
        requirement, status: CheckStatus.MISSING, detail: `${id} does not exist: the plan fails reading it.`,
        fix: `create ${requirement.resourceType} ${requirement.name} in ${requirement.resourceGroupName}, or give the stack the name of the one that exists.`,
      };
    } catch (error) {
      return unknown(requirement, `${id} could not be read (${messageOf(error)}).`);
    }
  }

  /** A value Azure gave an existing resource, which the stack must state the same way. */
  public async existingValue(requirement: DeployRequirement): Promise<Result> {
    const id = this.idOf(requirement);
    const property = requirement.property ?? '';
    try {
      const found = await this.get(requirement.resourceType ?? '', id);
      if (found === undefined) return { requirement, status: CheckStatus.OK, detail: `${requirement.name} does not exist yet: Azure takes ${property} = ${requirement.expected} from the stack.` };
      const actual = (found.properties as Record<string, unknown> | undefined)?.[property];
      if (typeof actual === 'string' && actual.toLowerCase() === (requirement.expected ?? '').toLowerCase()) {
        return { requirement, status: CheckStatus.OK, detail: `${requirement.name} exists with ${property} = ${actual}, as the stack says.` };
      }
      return {
        requirement, status: CheckStatus.MISSING,
        detail: `${requirement.name} exists with ${property} = ${String(actual)}, the stack says ${requirement.expected}: the plan would replace it.`,
        fix: `give the stack the value Azure holds for ${requirement.setting} (${String(actual)}); read it with az resource show --ids ${id} --query properties.${property} -o tsv.`,
      };
    } catch (error) {
      return unknown(requirement, `${id} could not be read (${messageOf(error)}).`);
    }
  }

  /** The resource's id, `/subscriptions/<id>/resourceGroups/<group>/providers/<type>/<name>`. */
  public idOf(requirement: DeployRequirement): string {
    return `/subscriptions/${this.clients.subscriptionId}/resourceGroups/${requirement.resourceGroupName}/providers/${requirement.resourceType}/${requirement.name}`;
  }

  /** The resource, or undefined where it does not exist (404). */
  public async get(resourceType: string, id: string): Promise<{ properties?: unknown } | undefined> {
    const [namespace, ...rest] = resourceType.split('/');
    const provider = await this.provider(namespace);
    const versions = provider?.resourceTypes.find((t) => t.resourceType?.toLowerCase() === rest.join('/').toLowerCase())?.apiVersions ?? [];
    const apiVersion = [...versions].sort().reverse().find((v) => !v.includes('preview')) ?? [...versions].sort().reverse()[0];
    if (apiVersion === undefined) throw new Error(`${namespace} lists no API version for ${rest.join('/')}`);
    try {
      return await (await this.clients.resources()).resources.getById(id, apiVersion);
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  private permissionFix(requirement: DeployRequirement, scope: string): string {
    const who = this.deployer.objectId ?? '<object id>';
    const type = this.deployer.kind === PrincipalKind.USER ? 'User' : 'ServicePrincipal';
    const subscription = `/subscriptions/${this.clients.subscriptionId}`;
    if (requirement.action?.startsWith('Microsoft.Authorization/roleAssignments/')) {
      // A scope the stack creates does not exist yet: grant on what exists above it.
      const at = requirement.existing ? scope : subscription;
      return `az role assignment create --assignee-object-id ${who} --assignee-principal-type ${type} --role "Role Based Access Control Administrator" --scope ${at} (or User Access Administrator, or Owner)`;
    }
    if (requirement.action?.startsWith('Microsoft.Authorization/locks/')) {
      // Contributor and Role Based Access Control Administrator cannot write locks; a custom role with locks/* is the narrowest.
      const at = requirement.existing ? scope : subscription;
      return `az role assignment create --assignee-object-id ${who} --assignee-principal-type ${type} --role "User Access Administrator" --scope ${at} (or Owner, or a custom role with Microsoft.Authorization/locks/*, which assigns no roles)`;
    }
    return `az role assignment create --assignee-object-id ${who} --assignee-principal-type ${type} --role Contributor --scope ${requirement.existing ? scope : subscription}`;
  }

  private provider(namespace: string): Promise<ProviderInfo | undefined> {
    const key = namespace.toLowerCase();
    if (!this.providers.has(key)) {
      this.providers.set(key, (async () => {
        try {
          const p = await (await this.clients.resources()).providers.get(namespace);
          const state = p.registrationState ?? 'NotRegistered';
          return { registered: state.toLowerCase() === 'registered', state, resourceTypes: p.resourceTypes ?? [] };
        } catch (error) {
          if (statusOf(error) === 404) return undefined;
          throw error;
        }
      })());
    }
    return this.providers.get(key)!;
  }

  private subscriptionLocations(): Promise<Map<string, string>> {
    this.locations ??= (async () => {
      const client = await this.clients.subscriptions();
      const map = new Map<string, string>();
      for await (const l of client.subscriptions.listLocations(this.clients.subscriptionId)) {
        if (l.name) map.set(regionKey(l.name), l.name);
        if (l.displayName) map.set(regionKey(l.displayName), l.name ?? l.displayName);
      }
      return map;
    })();
    return this.locations;
  }

  private async apimSku(requirement: DeployRequirement, location: string): Promise<Result> {
    const name = (requirement.sku ?? '').replace(/_\d+$/, '');
    this.apimSkus ??= (async () => {
      const client = await this.clients.apiManagement();
      const list: { name: string; locations: string[]; restricted: string[] }[] = [];
      for await (const s of client.apiManagementSkus.list()) {
        list.push({
          name: s.name ?? '', locations: (s.locations ?? []).map(regionKey),
          restricted: (s.restrictions ?? []).filter((r) => r.type === 'Location').flatMap((r) => r.values ?? []).map(regionKey),
        });
      }
      return list;
    })();
    const entries = (await this.apimSkus).filter((s) => s.name.toLowerCase() === name.toLowerCase());
    const pick = 'choose a region where the tier is offered: https://learn.microsoft.com/azure/api-management/api-management-region-availability';
    if (entries.length === 0) return unknown(requirement, `the subscription's API Management SKU list does not name ${name}.`, pick);
    const here = regionKey(location);
    if (entries.some((s) => s.restricted.includes(here))) return { requirement, status: CheckStatus.MISSING, detail: `${name} is restricted in ${location} for this subscription.`, fix: pick };
    if (entries.some((s) => s.locations.includes(here))) return { requirement, status: CheckStatus.OK, detail: `API Management ${name} is offered in ${location}.` };
    return { requirement, status: CheckStatus.MISSING, detail: `API Management ${name} is not offered in ${location}.`, fix: pick };
  }

  private flexConsumptionRegions(): Promise<string[]> {
    this.flexRegions ??= (async () => {
      const client = await this.clients.appService();
      const regions: string[] = [];
      for await (const r of client.listGeoRegions({ sku: 'FlexConsumption' })) {
        for (const n of [r.name, r.displayName]) if (n) regions.push(regionKey(n));
      }
      return regions;
    })();
    return this.flexRegions;
  }

  private deployerAssignments(): Promise<Assignment[]> {
    this.assignments ??= (async () => {
      const client = await this.clients.authorization();
      // assignedTo() lists the principal's assignments at, above and below the subscription,
      // groups it is a member of included; the role definitions say what each allows.
      const raw: { scope: string; roleDefinitionId: string; condition?: string }[] = [];
      for await (const a of client.roleAssignments.listForSubscription({ filter: `assignedTo('${this.deployer.objectId}')` })) {
        if (a.scope && a.roleDefinitionId) raw.push({ scope: a.scope, roleDefinitionId: a.roleDefinitionId, ...(a.condition ? { condition: a.condition } : {}) });
      }
      const definitions = new Map<string, Promise<{ roleName: string; permissions: Assignment['permissions'] }>>();
      for (const { roleDefinitionId } of raw) {
        if (!definitions.has(roleDefinitionId)) {
          definitions.set(roleDefinitionId, client.roleDefinitions.getById(roleDefinitionId).then((d) => ({ roleName: d.roleName ?? roleDefinitionId, permissions: d.permissions ?? [] })));
        }
      }
      return Promise.all(raw.map(async (a) => ({ scope: a.scope, ...(a.condition ? { condition: a.condition } : {}), ...await definitions.get(a.roleDefinitionId)! })));
    })();
    return this.assignments;
  }
}

/** Whether an assignment at `assigned` applies at `scope` (the same scope or above it; management groups are above every subscription). */
export function covers(assigned: string, scope: string): boolean {
  const a = assigned.toLowerCase().replace(/\/$/, '');
  const s = scope.toLowerCase();
  return a === '' || a.startsWith('/providers/microsoft.management/managementgroups/') || s === a || s.startsWith(`${a}/`);
}

/** Whether a role's permission block allows an action (wildcards as Azure writes them; notActions subtract). */
export function allows(permission: { actions?: string[]; notActions?: string[] }, action: string): boolean {
  const matches = (pattern: string) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`, 'i').test(action);
  return (permission.actions ?? []).some(matches) && !(permission.notActions ?? []).some(matches);
}

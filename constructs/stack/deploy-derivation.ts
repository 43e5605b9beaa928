import { PLATFORM_SERVICES } from './platform-services';
import { DeployRequirement, Requirements } from '../core/deploy-requirements';
import { StackElement, SUBSCRIPTION_PLACEHOLDER, TerraformValues } from './terraform-values';

/** Always registered in a subscription: never a prerequisite. */
const BUILT_IN_NAMESPACES = new Set(['microsoft.resources', 'microsoft.authorization']);
const ROLE_ASSIGNMENT_WRITE = 'Microsoft.Authorization/roleAssignments/write';
const RESOURCE_GROUP_WRITE = 'Microsoft.Resources/subscriptions/resourceGroups/write';
const LOCK_WRITE = 'Microsoft.Authorization/locks/write';

/**
 * Microsoft Graph application permissions a Terraform type needs of the deploying identity
 * (azuread 3.7; microsoftgraph/microsoft-graph-docs#12833 for app role assignments, which read
 * the resource's service principal too).
 */
const GRAPH_PERMISSIONS: Readonly<Record<string, readonly { permission: string; reason: string }[]>> = {
  azuread_application: [{ permission: 'Application.ReadWrite.OwnedBy', reason: 'creates an Entra application registration, owned by the deploying identity.' }],
  azuread_service_principal: [{ permission: 'Application.ReadWrite.OwnedBy', reason: 'creates the registration\'s service principal, owned by the deploying identity.' }],
  azuread_app_role_assignment: [
    { permission: 'AppRoleAssignment.ReadWrite.All', reason: 'assigns an app role of a registration to a principal.' },
    { permission: 'Application.Read.All', reason: 'an app role assignment reads the resource\'s service principal.' },
  ],
  'data.azuread_service_principal': [{ permission: 'Application.Read.All', reason: 'looks a service principal up by client id at plan.' }],
};

/** One requirement with the element that needs it (its address and construct path). */
export interface Derived {
  readonly requirement: DeployRequirement;
  readonly neededBy: string;
}

/**
 * What the synthesized resources themselves tell a deploy needs, raw provider resources
 * included: resource providers and regions (from the Resource Manager type each creates),
 * role-assignment and resource-group rights, globally unique names, values Azure gives that the
 * stack states too, resources read and not created, Microsoft Graph permissions and service
 * principals of the `azuread` types.
 */
export function deriveRequirements(values: TerraformValues): Derived[] {
  const out: Derived[] = [];
  // Most resources of a stack ask what others of their type ask (a provider and a region for each
  // app): each requirement is made once per run and shared, so merging it again is one lookup.
  const made = new Map<string, DeployRequirement>();
  const once = (key: string, make: () => DeployRequirement): DeployRequirement => {
    let requirement = made.get(key);
    if (requirement === undefined) {
      requirement = withUnresolved(make());
      made.set(key, requirement);
    }
    return requirement;
  };
  for (const element of values.elements) {
    const add = (requirement: DeployRequirement) => out.push({ requirement: withUnresolved(requirement), neededBy: element.address });
    for (const { permission, reason } of GRAPH_PERMISSIONS[element.isData ? `data.${element.type}` : element.type] ?? []) {
      add(Requirements.graphPermission(permission, `${element.type} ${reason}`));
    }
    if (element.isData) derivedFromData(element, values, add);
    else derivedFromResource(element, values, add, (key, make) => out.push({ requirement: once(key, make), neededBy: element.address }));
  }
  return out;
}

/** Add the requirement `make` makes, made once per run for each `key` (the fields it depends on). */
type AddShared = (key: string, make: () => DeployRequirement) => void;

function derivedFromData(element: StackElement, values: TerraformValues, add: (r: DeployRequirement) => void): void {
  if (element.type === 'azuread_service_principal') {
    const clientId = element.attribute('client_id');
    if (clientId !== undefined) {
      add(Requirements.servicePrincipal(values.literal(clientId) ?? values.expression(clientId), '',
        'the plan looks the service principal up by client id and fails where it does not exist.'));
    }
    return;
  }
  // An existence probe (azapi `ignore_not_found`) may find nothing: not a prerequisite.
  if (element.attribute('ignore_not_found') === true) return;
  const type = values.armTypeOf(element);
  if (type === undefined || element.type.endsWith('client_config')) return;
  const name = element.attribute('name');
  if (name === undefined) return;
  add(Requirements.existingResource(type, values.resourceGroupOf(element) ?? '', values.literal(name) ?? values.expression(name),
    'the stack reads it at plan and does not create it: the plan fails where it does not exist.'));
}

function derivedFromResource(element: StackElement, values: TerraformValues, add: (r: DeployRequirement) => void, addShared: AddShared): void {
  if (element.type === 'azurerm_resource_group') {
    add(Requirements.azurePermission(RESOURCE_GROUP_WRITE, { scopeId: `/subscriptions/${SUBSCRIPTION_PLACEHOLDER}` },
      'the stack creates its resource group.'));
    return;
  }
  if (element.type === 'azurerm_role_assignment' || (element.type === 'azapi_resource' && values.armTypeOf(element) === 'Microsoft.Authorization/roleAssignments')) {
    const scope = element.type === 'azapi_resource' ? element.attribute('parent_id') : element.attribute('scope');
    const role = element.attribute('role_definition_name') ?? element.attribute('role_definition_id');
    const scopeId = values.literal(scope) ?? values.expression(scope);
    const existing = values.refersToData(scope);
    const roleName = role === undefined ? undefined : values.literal(role) ?? values.expression(role);
    addShared(`${ROLE_ASSIGNMENT_WRITE}\u0000${scopeId}\u0000${existing}\u0000${roleName ?? '\u0000'}`, () => Requirements.azurePermission(ROLE_ASSIGNMENT_WRITE,
      { scopeId, existing },
      'the stack creates role assignments here: Owner, User Access Administrator or Role Based Access Control Administrator on the scope or above.',
      roleName === undefined ? undefined : [roleName]));
    return;
  }
  if (element.type === 'azurerm_management_lock' || (element.type === 'azapi_resource' && values.armTypeOf(element) === 'Microsoft.Authorization/locks')) {
    const scope = element.type === 'azapi_resource' ? element.attribute('parent_id') : element.attribute('scope');
    add(Requirements.azurePermission(LOCK_WRITE,
      { scopeId: values.literal(scope) ?? values.expression(scope), existing: values.refersToData(scope) },
      'the stack creates a management lock here: Owner, User Access Administrator or a custom role with Microsoft.Authorization/locks/* on the scope or above (Contributor and Role Based Access Control Administrator do not have it).'));
    return;
  }
  const type = values.armTypeOf(element);
  const location = element.attribute('location');
  if (type === undefined) {
    // A top-level Azure resource no descriptor describes: its provider and region are unknown here.
    if (location !== undefined && element.type.startsWith('azurerm_')) {
      add({ ...Requirements.resourceProvider('', `${element.type} needs its resource provider registered.`), unresolved: [`namespace of ${element.type} (no service descriptor gives its id)`] });
    }
    return;
  }
  const namespace = type.split('/')[0];
  if (!BUILT_IN_NAMESPACES.has(namespace.toLowerCase())) addShared(`provider\u0000${type}`, () => Requirements.resourceProvider(namespace, `the stack creates ${type}.`));
  const locationValue = location === undefined ? undefined : values.literal(location);
  if (location !== undefined && locationValue?.toLowerCase() !== 'global') {
    const where = locationValue ?? values.expression(location);
    addShared(`region\u0000${type}\u0000${where}`, () => Requirements.region(type, where, `the stack creates ${type} there.`));
  }
  const name = element.attribute('name');
  if (name !== undefined && PLATFORM_SERVICES.of(type)?.names.resource?.globallyUnique) {
    add(Requirements.globalName(type, values.literal(name) ?? values.expression(name),
      'the name is part of a public host name: it must be free across Azure.', values.resourceGroupOf(element)));
  }
  for (const [setting, property] of Object.entries(PLATFORM_SERVICES.givenByAzure(element.type) ?? {})) {
    const given = element.attribute(setting);
    if (given === undefined || name === undefined) continue;
    add(Requirements.existingValue({
      resourceType: type, resourceGroupName: values.resourceGroupOf(element) ?? '', name: values.literal(name) ?? values.expression(name),
      property, setting, expected: values.literal(given) ?? values.expression(given),
    }, `Azure sets ${property} itself: where the resource exists with another value, the plan replaces it.`));
  }
}

/** The fields whose value still is a Terraform expression, listed in `unresolved`. */
export function withUnresolved(requirement: DeployRequirement): DeployRequirement {
  // No list made for a requirement whose fields are all known (most of them).
  let unresolved: string[] | undefined;
  const fields = requirement as unknown as Record<string, unknown>;
  for (const field in fields) {
    const value = fields[field];
    if (typeof value === 'string' && value.includes('${')) (unresolved ??= [...requirement.unresolved ?? []]).push(`${field} = ${value}`);
  }
  return unresolved !== undefined ? { ...requirement, unresolved } : requirement;
}

// What an upgrade plan does to the resources a deployment already has: replaced, destroyed, moved,
// and which of those hold state (data, secrets, identities and the grants on an identity's
// principal id), read from `terraform show -json` of the plan against the old version's state.
// Also the CHANGELOG's announcements of replacements, and the verdict the check fails on.

/** Resource types whose replacement loses state, by what they hold. */
const STATEFUL_TYPES = {
  data: [
    'azurerm_storage_account', 'azurerm_storage_container', 'azurerm_storage_queue', 'azurerm_storage_table', 'azurerm_storage_share',
    'azurerm_storage_blob', 'azurerm_managed_redis', 'azurerm_redis_cache', 'azurerm_redis_enterprise_cluster', 'azurerm_redis_enterprise_database',
    'azurerm_log_analytics_workspace', 'azurerm_application_insights', 'azurerm_container_registry', 'azurerm_cosmosdb_account',
    'azurerm_mssql_server', 'azurerm_mssql_database', 'azurerm_postgresql_flexible_server', 'azurerm_servicebus_namespace',
    'azurerm_servicebus_queue', 'azurerm_eventhub_namespace',
    // API Management holds what partners were issued (subscriptions and their keys) and its named values.
    'azurerm_api_management',
  ],
  secret: [
    'azurerm_key_vault', 'azurerm_key_vault_secret', 'azurerm_key_vault_key', 'azurerm_key_vault_certificate',
    'azurerm_api_management_subscription', 'azurerm_api_management_named_value',
  ],
  identity: [
    'azurerm_user_assigned_identity', 'azurerm_federated_identity_credential', 'azuread_application', 'azuread_application_registration',
    'azuread_service_principal',
  ],
  grant: [
    'azurerm_role_assignment', 'azurerm_key_vault_access_policy', 'azurerm_managed_redis_access_policy_assignment',
    'azurerm_redis_cache_access_policy_assignment', 'azuread_app_role_assignment', 'azurerm_cosmosdb_sql_role_assignment',
  ],
};

/** AzAPI resources by the Azure type in their `type` (`Microsoft.KeyVault/vaults/secrets@2024-11-01`): the most specific prefix wins. */
const STATEFUL_ARM_TYPES = [
  ['Microsoft.Authorization/roleAssignments', 'grant'],
  ['Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments', 'grant'],
  ['Microsoft.Cache/redis/accessPolicyAssignments', 'grant'],
  ['Microsoft.KeyVault/vaults/accessPolicies', 'grant'],
  ['Microsoft.ManagedIdentity/userAssignedIdentities', 'identity'],
  ['Microsoft.KeyVault/vaults', 'secret'],
  ['Microsoft.ApiManagement/service/subscriptions', 'secret'],
  ['Microsoft.ApiManagement/service/namedValues', 'secret'],
  ['Microsoft.Storage/storageAccounts', 'data'],
  ['Microsoft.Cache/redisEnterprise', 'data'],
  ['Microsoft.Cache/redis', 'data'],
  ['Microsoft.OperationalInsights/workspaces', 'data'],
  ['Microsoft.DocumentDB', 'data'],
  ['Microsoft.ContainerRegistry/registries', 'data'],
];
const ARM_TYPED = new Set(['azapi_resource', 'azapi_data_plane_resource']);

/** Order of the report: what is lost first. */
export const CATEGORY_ORDER = ['data', 'secret', 'identity', 'grant'];
const CATEGORY_TEXT = {
  data: 'data store',
  secret: 'secrets',
  identity: 'identity',
  grant: 'grant on a principal',
};

/** A system-assigned identity in a resource's values: replacing the resource gives it a new principal id. */
function systemAssigned(values) {
  const identity = values?.identity;
  const blocks = Array.isArray(identity) ? identity : identity ? [identity] : [];
  return blocks.some((b) => /SystemAssigned/.test(String(b?.type ?? '')));
}

/** What state the resource holds (`data`, `secret`, `identity`, `grant`), or undefined when none. */
export function statefulCategory(type, values) {
  for (const [category, types] of Object.entries(STATEFUL_TYPES)) if (types.includes(type)) return category;
  if (ARM_TYPED.has(type)) {
    const armType = String(values?.type ?? '').split('@')[0];
    const match = STATEFUL_ARM_TYPES.find(([prefix]) => armType === prefix || armType.startsWith(`${prefix}/`));
    if (match) return match[1];
  }
  if (systemAssigned(values)) return 'identity';
  return undefined;
}

/** `terraform plan` errors that stand for a replacement or destroy the configuration forbids. */
const PREVENT_DESTROY = /Instance cannot be destroyed/;

/**
 * The plan's effect on one stack. `changes` are `resource_changes` of `terraform show -json`;
 * `diagnostics` the plan's errors (a `prevent_destroy` resource that would be replaced or
 * destroyed stops the plan: it is reported as such, blocked). Returns
 * `{ losses, moves, counts }`: losses are replacements and destroys, stateful first.
 */
export function classify(changes, diagnostics = []) {
  const losses = [];
  const moves = [];
  const counts = { create: 0, update: 0, replace: 0, delete: 0, move: 0, 'no-op': 0 };
  for (const rc of changes) {
    if (rc.mode !== 'managed') continue;
    const actions = rc.change.actions;
    const values = rc.change.before ?? rc.change.after;
    if (rc.previous_address) {
      moves.push({ from: rc.previous_address, to: rc.address, actions: actions.join('+') });
      counts.move += 1;
    }
    const replace = actions.includes('delete') && actions.includes('create');
    const destroy = !replace && actions.includes('delete');
    if (replace || destroy) {
      losses.push({
        address: rc.address, type: rc.type, action: replace ? 'replace' : 'destroy',
        category: statefulCategory(rc.type, values),
        name: typeof values?.name === 'string' ? values.name : undefined,
        reason: rc.action_reason,
        paths: (rc.change.replace_paths ?? []).map((p) => p.join('.')),
      });
      counts[replace ? 'replace' : 'delete'] += 1;
    } else if (actions.includes('create')) counts.create += 1;
    else if (actions.includes('update')) counts.update += 1;
    else counts['no-op'] += 1;
  }
  for (const d of diagnostics) {
    if (d.severity !== 'error' || !PREVENT_DESTROY.test(d.summary) || !d.address) continue;
    const type = d.address.split('.')[0];
    if (losses.some((l) => l.address === d.address)) continue;
    losses.push({
      address: d.address, type, action: 'replace or destroy', category: statefulCategory(type, {}) ?? 'data',
      reason: 'blocked by lifecycle.prevent_destroy: the apply would fail here', paths: [],
    });
  }
  // A destroy with a create of the same type and name elsewhere: an address that changed without a moved block.
  const created = changes.filter((rc) => rc.mode === 'managed' && rc.change.actions.length === 1 && rc.change.actions[0] === 'create');
  for (const loss of losses.filter((l) => l.action === 'destroy')) {
    const twin = created.find((rc) => rc.type === loss.type && loss.name !== undefined && rc.change.after?.name === loss.name);
    if (twin) loss.recreatedAs = twin.address;
  }
  const rank = (l) => (l.category ? CATEGORY_ORDER.indexOf(l.category) : CATEGORY_ORDER.length);
  losses.sort((a, b) => rank(a) - rank(b) || a.address.localeCompare(b.address, 'en-US'));
  return { losses, moves, counts };
}

/** The heading under "## Unreleased" whose list announces replacements and destroys. */
export const ANNOUNCEMENT_HEADING = '### Replaced or destroyed on upgrade';

/**
 * The announcements in CHANGELOG.md's "## Unreleased" section: under
 * "### Replaced or destroyed on upgrade", list items that start with the stack and the Terraform
 * address in backticks (`` - `payments-prod` `azurerm_storage_account.storage_account_1A2B3C4D`: why ``),
 * or with the address alone for every stack; `*` in either matches any characters.
 */
export function parseAnnouncements(changelog) {
  const unreleased = /^## Unreleased[^\n]*$/m.exec(changelog);
  if (!unreleased) return [];
  const rest = changelog.slice(unreleased.index + unreleased[0].length);
  const section = rest.slice(0, rest.search(/^## /m) < 0 ? rest.length : rest.search(/^## /m));
  const at = section.indexOf(`\n${ANNOUNCEMENT_HEADING}`);
  if (at < 0) return [];
  const list = section.slice(at + ANNOUNCEMENT_HEADING.length + 1);
  const end = list.search(/^#{1,3} /m);
  const announcements = [];
  for (const line of (end < 0 ? list : list.slice(0, end)).split('\n')) {
    const item = /^[-*] `([^`]+)`(?:\s+`([^`]+)`)?/.exec(line.trim());
    if (!item) continue;
    const [stack, address] = item[2] === undefined ? ['*', item[1]] : [item[1], item[2]];
    announcements.push({ stack, address, line: line.trim() });
  }
  return announcements;
}

const glob = (pattern) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);

/** The announcement that covers `address` in `stack`, if any. */
export function announcementFor(stack, address, announcements) {
  return announcements.find((a) => glob(a.stack).test(stack) && glob(a.address).test(address));
}

/**
 * The losses the check fails on: stateful replacements and destroys that no announcement covers,
 * and that the old version's own second plan did not already make (those are no upgrade's doing).
 */
export function unannounced(results, announcements) {
  return results.flatMap((r) => (r.losses ?? [])
    .filter((l) => l.category && !l.preexisting && !announcementFor(r.stack, l.address, announcements))
    .map((l) => ({ stack: r.stack, ...l })));
}

/** One loss as a report line. */
export function describeLoss(loss, announcement) {
  const what = loss.category ? `${CATEGORY_TEXT[loss.category]}: ` : '';
  const why = [
    loss.paths?.length ? `replaced for ${loss.paths.join(', ')}` : '',
    loss.reason && !loss.paths?.length ? loss.reason.replace(/_/g, ' ') : '',
    loss.recreatedAs ? `created again as ${loss.recreatedAs}: its address changed without a moved block (ConstructMoves)` : '',
    loss.preexisting ? 'the old version\'s own second plan makes it too (not the upgrade\'s doing)' : '',
  ].filter(Boolean).join('; ');
  const status = loss.category ? (loss.preexisting ? 'old ' : announcement ? 'ANNOUNCED ' : 'UNANNOUNCED ') : '';
  return `${status}${loss.action.toUpperCase()} ${what}${loss.address}${loss.name ? ` (${loss.name})` : ''}${why ? `: ${why}` : ''}`;
}

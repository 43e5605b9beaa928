import { ExampleResource, RuleExamples, raw, ref } from '../../lessons-check/rule-examples';

// AZURE: a read-only management lock freezes the locked resource for its own stack too.
const ACCOUNT = raw('azurerm_storage_account', 'st', { shared_access_key_enabled: false });
const SCOPE = ref('azurerm_storage_account', 'st', 'id');

/** An AzAPI lock on the account (its parent), at `level`. */
const azapiLock = (name: string, level: string): ExampleResource => ({
  type: 'azapi_resource', name,
  attributes: { name, type: 'Microsoft.Authorization/locks@2020-05-01', parent_id: SCOPE, body: { properties: { level } } },
});

export const EXAMPLES: RuleExamples = {
  rule: 'AZURE.ReadOnlyLock',
  finds: '`azurerm_management_lock` with `lock_level = ReadOnly`, or AzAPI `Microsoft.Authorization/locks` with `level = ReadOnly`: it stops the stack\'s own changes to the locked resource and its Resource Manager children (ScopeLocked) and POST operations such as listing keys, which azurerm\'s reads of some resources use (a function app\'s settings: even a plan fails); `CanNotDelete` stops deletes only (`addLock` warns the same)',
  failing: [
    [ACCOUNT, raw('azurerm_management_lock', 'frozen', { scope: SCOPE, lock_level: 'ReadOnly' })],
    [ACCOUNT, azapiLock('frozen', 'ReadOnly')],
  ],
  passing: [
    [ACCOUNT, raw('azurerm_management_lock', 'nodelete', { scope: SCOPE, lock_level: 'CanNotDelete' })],
    [ACCOUNT, azapiLock('nodelete', 'CanNotDelete')],
  ],
};

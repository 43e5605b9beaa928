import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { armPropertiesOf, armTypeOf, blocksOf, isTrue } from '../../lessons-check/rules/attributes';

/**
 * SEC-1: a Key Vault authorizes with Azure RBAC, so every reader is a role assignment on a
 * scope (down to one secret), visible and audited like every other grant; access policies are
 * vault-wide, outside RBAC, and any Contributor can add one for themselves.
 */
export class KeyVaultAccessPoliciesRule implements ILessonRule {
  public readonly id = 'SEC-1.KeyVaultAccessPolicies';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A Key Vault that uses access policies instead of Azure RBAC, or an azurerm_key_vault_access_policy.';
  public readonly resourceTypes = ['azurerm_key_vault', 'azurerm_key_vault_access_policy', 'azapi_resource'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const fix = 'set rbac_authorization_enabled = true, drop the access policies and grant Key Vault Secrets User on the secret (KeyVault and KeyVaultSecretSlot.grantRead do both).';
    const armType = armTypeOf(resource);
    if (armType === 'Microsoft.KeyVault/vaults/accessPolicies') {
      return RuleOutcome.nonCompliant({
        setting: 'type', given: resource.attributes.type,
        problem: 'an access policy grants vault-wide access outside Azure RBAC, and a vault with RBAC ignores it.',
        fix: 'drop it and grant Key Vault Secrets User on the secret (KeyVault and KeyVaultSecretSlot.grantRead do).',
      });
    }
    if (armType === 'Microsoft.KeyVault/vaults') {
      const properties = armPropertiesOf(resource);
      const armPolicies = blocksOf(properties.accessPolicies);
      if (isTrue(properties.enableRbacAuthorization) && armPolicies.length === 0) return RuleOutcome.compliant();
      return RuleOutcome.nonCompliant({
        setting: armPolicies.length > 0 ? 'body.properties.accessPolicies' : 'body.properties.enableRbacAuthorization',
        given: armPolicies.length > 0 ? `${armPolicies.length} access policies` : properties.enableRbacAuthorization,
        problem: 'the vault authorizes with access policies (unset: the API version\'s default): vault-wide, outside Azure RBAC, and any Contributor can grant themselves every secret.',
        fix: 'set enableRbacAuthorization = true, drop accessPolicies and grant Key Vault Secrets User on the secret (KeyVault and KeyVaultSecretSlot.grantRead do).',
      });
    }
    if (resource.type === 'azapi_resource') return RuleOutcome.notApplicable();
    if (resource.type === 'azurerm_key_vault_access_policy') {
      return RuleOutcome.nonCompliant({
        setting: 'resource type', given: resource.type,
        problem: 'an access policy grants vault-wide access outside Azure RBAC, and a vault with RBAC ignores it.', fix,
      });
    }
    const rbac = resource.attributes.rbac_authorization_enabled ?? resource.attributes.enable_rbac_authorization;
    const policies = blocksOf(resource.attributes.access_policy);
    if ((rbac === true || rbac === 'true') && policies.length === 0) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: policies.length > 0 ? 'access_policy' : 'rbac_authorization_enabled', given: policies.length > 0 ? `${policies.length} access policies` : rbac,
      problem: 'the vault authorizes with access policies (unset: the provider\'s default): vault-wide, outside Azure RBAC, and any Contributor can grant themselves every secret.',
      fix,
    });
  }
}

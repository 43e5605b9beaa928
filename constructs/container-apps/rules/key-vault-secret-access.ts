import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf, blocksOf, isTrue } from '../../lessons-check/rules/attributes';
import { holdsRole } from '../../lessons-check/rules/grants';
import { ValueIndex } from '../../lessons-check/rule-facts';

/** The roles that read a secret's value: Key Vault Secrets User, Secrets Officer, Administrator. */
const SECRETS_READ = {
  names: ['Key Vault Secrets User', 'Key Vault Secrets Officer', 'Key Vault Administrator'],
  ids: ['4633458b-17de-408a-b874-0445c86b69e6', 'b86a8fe4-44ce-4948-aee5-eccb2c155cd7', '00482a5a-887f-4fb3-b363-3b7fe8e74483'],
};
const SECRET_URI = /^https:\/\/([a-z0-9-]+)\.vault\.azure\.net\/secrets\/([A-Za-z0-9-]+)/i;

/** The vault (in the run) and secret name a `key_vault_secret_id` names, when it can be told. */
function vaultOf(id: unknown, context: IRuleContext): { vault: RuleResource; secret?: RuleResource; name?: string } | undefined {
  const secret = context.referencedBy(id, 'azurerm_key_vault_secret')[0];
  if (secret) {
    const vault = context.referencedBy(secret.attributes.key_vault_id, 'azurerm_key_vault')[0];
    const name = typeof secret.attributes.name === 'string' ? secret.attributes.name : undefined;
    return vault ? { vault, secret, ...(name ? { name } : {}) } : undefined;
  }
  const referenced = context.referencedBy(id, 'azurerm_key_vault')[0];
  if (referenced) return { vault: referenced, ...(typeof id === 'string' && /secrets\/([A-Za-z0-9-]+)/.test(id) ? { name: /secrets\/([A-Za-z0-9-]+)/.exec(id)![1] } : {}) };
  const literal = typeof id === 'string' ? SECRET_URI.exec(id) : null;
  if (!literal) return undefined;
  const vault = ValueIndex.of(context, 'azurerm_key_vault', 'name').caseless(literal[1])[0];
  return vault ? { vault, name: literal[2] } : undefined;
}

/**
 * SEC-1: a raw `azurerm_container_app` secret that refers to Key Vault (`key_vault_secret_id`)
 * without an identity to read it with, or whose identity holds no role that reads secrets (Key
 * Vault Secrets User, Officer, Administrator) on the secret, its vault or a scope above (resource
 * group, subscription) when the vault is in the configuration: the revision cannot start.
 */
export class ContainerAppKeyVaultSecretAccessRule implements ILessonRule {
  public readonly id = 'SEC-1.ContainerAppKeyVaultSecretAccess';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A Container App secret from Key Vault without an identity, or whose identity cannot read secrets of that vault.';
  public readonly resourceTypes = ['azurerm_container_app'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    const secrets = blocksOf(resource.attributes.secret).filter((s) => s.key_vault_secret_id !== undefined);
    if (secrets.length === 0) return RuleOutcome.notApplicable();
    const identity = blockOf(resource.attributes.identity);
    const findings: RuleFinding[] = [];
    for (const s of secrets) {
      const setting = `secret.${String(s.name)}.identity`;
      const reader = s.identity;
      if (typeof reader !== 'string' || reader === '') {
        findings.push({
          setting, given: reader,
          problem: `the secret ${String(s.name)} refers to Key Vault (key_vault_secret_id) with no identity to read it: azurerm refuses the secret, and Container Apps could not fetch it.`,
          fix: 'set identity to "System" or to the id of a user-assigned identity the app has, and grant that identity Key Vault Secrets User on the secret before the app (depends_on).',
        });
        continue;
      }
      const target = vaultOf(s.key_vault_secret_id, context);
      // A vault outside the configuration: its grants may be too.
      if (target === undefined || !isTrue(target.vault.attributes.rbac_authorization_enabled)) continue;
      const principals = new Set(reader.toLowerCase() === 'system'
        ? (String(identity?.type ?? '').includes('SystemAssigned') ? [resource.address] : [])
        : context.referencedBy(reader, 'azurerm_user_assigned_identity').map((u) => u.address));
      const grantTarget = { resource: target.vault, armType: 'Microsoft.KeyVault/vaults', ...(target.name ? { child: `secrets/${target.name}` } : {}) };
      const onSecret = target.secret ? holdsRole(context, principals, SECRETS_READ, { resource: target.secret, armType: 'Microsoft.KeyVault/vaults/secrets' }) : false;
      if (onSecret || holdsRole(context, principals, SECRETS_READ, grantTarget)) continue;
      findings.push({
        setting, given: reader,
        problem: `the identity that reads the secret ${String(s.name)} holds no role that reads secrets (Key Vault Secrets User, Officer or Administrator) on the secret, ${target.vault.address} or a scope above it: the revision cannot fetch it and does not start.`,
        fix: 'grant that identity Key Vault Secrets User on the secret (scope: <vault id>/secrets/<name>) and make the app depend on the grant (ContainerService with secrets does both).',
      });
    }
    return findings.length ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}

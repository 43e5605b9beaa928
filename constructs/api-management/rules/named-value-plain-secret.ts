import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';

/**
 * SEC-1, GW-8: a secret named value holds its value in the configuration and the Terraform
 * state; backed by Key Vault, the gateway reads it with its identity and rotation needs no deploy.
 */
export class NamedValuePlainSecretRule implements ILessonRule {
  public readonly id = 'SEC-1.NamedValuePlainSecret';
  public readonly lesson = 'SEC-1';
  public readonly description = 'An API Management named value marked secret whose value is in the configuration instead of Key Vault.';
  public readonly resourceTypes = ['azurerm_api_management_named_value'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const secret = resource.attributes.secret;
    if (secret !== true && secret !== 'true') return RuleOutcome.notApplicable();
    if (resource.attributes.value === undefined) return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: 'value', given: '(a secret)',
      problem: 'the secret is written into the configuration and the Terraform state, and rotating it takes a deploy.',
      fix: 'put it in Key Vault and use value_from_key_vault with a versionless secret id (KeyVaultNamedValue does, with the gateway\'s grant).',
    });
  }
}

import { ILessonRule, IRuleContext, RuleFinding, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf } from '../../lessons-check/rules/attributes';
import { FUNCTION_APP_TYPES, appSettingsOf, isFunctionApp } from './function-app-attributes';

/**
 * SEC-1: a function app whose host storage is reached with the account key: a connection string
 * in `AzureWebJobsStorage`, a storage access key, or Flex's `StorageAccountConnectionString`
 * authentication. The host reaches storage with its identity instead (`AzureWebJobsStorage__accountName`).
 */
export class FunctionHostStorageKeyRule implements ILessonRule {
  public readonly id = 'SEC-1.FunctionHostStorageKey';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A function app whose host storage uses the account key (connection string or access key).';
  public readonly resourceTypes = FUNCTION_APP_TYPES;

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    if (!isFunctionApp(resource)) return RuleOutcome.notApplicable();
    const a = resource.attributes;
    const findings: RuleFinding[] = [];
    const fix = 'use identity-based host storage: AzureWebJobsStorage__accountName, __credential = managedidentity, __clientId (FlexFunctionApp does), and grant the identity Storage Blob Data Owner.';
    if (a.storage_authentication_type === 'StorageAccountConnectionString') {
      findings.push({ setting: 'storage_authentication_type', given: a.storage_authentication_type, problem: 'the host and the deployment read storage with the account key.', fix });
    }
    // An AzAPI site spells it in the ARM body: functionAppConfig.deployment.storage.authentication.type.
    const deployment = blockOf(blockOf(blockOf(blockOf(blockOf(a.body)?.properties)?.functionAppConfig)?.deployment)?.storage)?.authentication;
    const armType = blockOf(deployment)?.type;
    if (armType === 'StorageAccountConnectionString') {
      findings.push({
        setting: 'body.properties.functionAppConfig.deployment.storage.authentication.type', given: armType,
        problem: 'the deployment reads its package with the account key.', fix,
      });
    }
    for (const setting of ['storage_access_key', 'storage_account_access_key']) {
      if (a[setting] !== undefined && a[setting] !== '') {
        findings.push({ setting, given: '(a key)', problem: 'the account key is in the configuration (and the Terraform state).', fix });
      }
    }
    const settings = appSettingsOf(resource);
    const storage = settings.AzureWebJobsStorage;
    if (typeof storage === 'string' && /AccountKey=|SharedAccessSignature=|\.(?:primary|secondary)_(?:blob_)?(?:access_key|connection_string)\b/i.test(storage)) {
      findings.push({ setting: 'app_settings.AzureWebJobsStorage', given: '(a connection string with a key)', problem: 'the host reaches its storage with the account key.', fix });
    }
    return RuleOutcome.nonCompliant(...findings);
  }
}

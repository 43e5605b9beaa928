import { App, TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementApiOperationPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-operation-policy';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { ApiManagementNamedValue, ApiManagementNamedValueConfig } from '@cdktf/provider-azurerm/lib/api-management-named-value';
import { ApiManagementPolicy } from '@cdktf/provider-azurerm/lib/api-management-policy';
import { ApiManagementProductPolicy } from '@cdktf/provider-azurerm/lib/api-management-product-policy';
import { KeyVault as RawKeyVault, KeyVaultConfig } from '@cdktf/provider-azurerm/lib/key-vault';
import { KeyVaultAccessPolicyA } from '@cdktf/provider-azurerm/lib/key-vault-access-policy';
import { KeyVaultNamedValue } from '../../constructs/api-management/key-vault-named-value';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { KeyVault } from '../../constructs/key-vault/key-vault';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { clientErrorRetried } from '../../constructs/api-management/rules/retry-on-client-errors';
import { PolicyDocument } from '../../constructs/policy/policy-document';
import { PolicyStatement } from '../../constructs/policy/policy-statement';
import { gateway } from '../support/fixtures';
import { errorsOf } from '../support/synth';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const OBJECT_ID = '5d1c0f3e-7a2b-4c9d-8e6f-1a2b3c4d5e6f';
const VAULT_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/kv-raw';
const APIM_ID = '/subscriptions/0/resourceGroups/rg/providers/Microsoft.ApiManagement/service/apim-raw';

/** Another team's stack: raw provider resources only (the lessons check runs at synth). */
function rawStack() {
  const app: App = Testing.app();
  return new AzureStack(app, { stackName: 'other', environmentName: 'dev', production: false });
}

/** Error findings of one rule after a synth. */
const findingsOf = (stack: TerraformStack, ruleId: string) => {
  Testing.synth(stack);
  return errorsOf(stack).filter((e) => e.startsWith(`[${ruleId}] `));
};
/** The report rows of one rule that are not "not applicable". */
const rowsOf = (stack: TerraformStack, ruleId: string) => LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === ruleId && r.status !== ReportStatus.NOT_APPLICABLE);
const allRowsOf = (stack: TerraformStack, ruleId: string) => LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === ruleId);

describe('the payments rules in the platform pack', () => {
  it('registers the three rules as errors', () => {
    const rules = PlatformLessonsPack.create().rules;
    for (const id of ['SEC-1.KeyVaultAccessPolicies', 'SEC-1.NamedValuePlainSecret', 'PAY-2.RetryOnClientErrors']) {
      expect(rules.find((r) => r.rule.id === id)?.level, id).toBe(RuleLevel.ERROR);
    }
  });
});

describe('SEC-1.KeyVaultAccessPolicies', () => {
  const FIX = 'Fix: set rbac_authorization_enabled = true, drop the access policies and grant Key Vault Secrets User on the secret '
    + '(KeyVault and KeyVaultSecretSlot.grantRead do both).';
  const VAULT_PROBLEM = 'the vault authorizes with access policies (unset: the provider\'s default): vault-wide, outside Azure RBAC, '
    + 'and any Contributor can grant themselves every secret.';
  const rawVault = (stack: TerraformStack, extra: Partial<KeyVaultConfig> = {}) => new RawKeyVault(stack, 'vault', {
    name: 'kv-raw', resourceGroupName: 'rg', location: 'westeurope', tenantId: TENANT, skuName: 'standard', ...extra,
  });
  const accessPolicy = { tenantId: TENANT, objectId: OBJECT_ID, secretPermissions: ['Get', 'List'] };

  it('fails when a raw vault leaves rbac_authorization_enabled unset (access policies are the provider\'s default)', () => {
    const stack = rawStack();
    rawVault(stack);
    expect(findingsOf(stack, 'SEC-1.KeyVaultAccessPolicies')).toEqual([
      `[SEC-1.KeyVaultAccessPolicies] other-dev/vault: rbac_authorization_enabled = undefined: ${VAULT_PROBLEM} ${FIX}`,
    ]);
    expect(rowsOf(stack, 'SEC-1.KeyVaultAccessPolicies')).toEqual([expect.objectContaining({
      level: RuleLevel.ERROR, status: ReportStatus.NON_COMPLIANT, setting: 'rbac_authorization_enabled', resourceType: 'azurerm_key_vault',
    })]);
  });

  it('fails when a raw vault turns RBAC off', () => {
    const stack = rawStack();
    rawVault(stack, { rbacAuthorizationEnabled: false });
    expect(findingsOf(stack, 'SEC-1.KeyVaultAccessPolicies')).toEqual([
      `[SEC-1.KeyVaultAccessPolicies] other-dev/vault: rbac_authorization_enabled = false: ${VAULT_PROBLEM} ${FIX}`,
    ]);
  });

  it('fails when a raw vault has access_policy blocks, RBAC on or not', () => {
    const stack = rawStack();
    rawVault(stack, { rbacAuthorizationEnabled: true, accessPolicy: [accessPolicy, { ...accessPolicy, objectId: TENANT }] });
    expect(findingsOf(stack, 'SEC-1.KeyVaultAccessPolicies')).toEqual([
      `[SEC-1.KeyVaultAccessPolicies] other-dev/vault: access_policy = "2 access policies": ${VAULT_PROBLEM} ${FIX}`,
    ]);
  });

  it('fails on an azurerm_key_vault_access_policy, wherever the vault is', () => {
    const stack = rawStack();
    new KeyVaultAccessPolicyA(stack, 'policy', { keyVaultId: VAULT_ID, ...accessPolicy });
    expect(findingsOf(stack, 'SEC-1.KeyVaultAccessPolicies')).toEqual([
      '[SEC-1.KeyVaultAccessPolicies] other-dev/policy: resource type = "azurerm_key_vault_access_policy": an access policy grants vault-wide access '
      + `outside Azure RBAC, and a vault with RBAC ignores it. ${FIX}`,
    ]);
  });

  it('accepts a raw vault with RBAC on, under either attribute name', () => {
    for (const extra of [{ rbacAuthorizationEnabled: true }, { enableRbacAuthorization: true }]) {
      const stack = rawStack();
      rawVault(stack, extra);
      expect(findingsOf(stack, 'SEC-1.KeyVaultAccessPolicies')).toEqual([]);
      expect(rowsOf(stack, 'SEC-1.KeyVaultAccessPolicies').map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
    }
  });

  it('accepts the KeyVault construct', () => {
    const stack = rawStack();
    new KeyVault(stack, 'vault', { name: 'kv-pay', resourceGroupName: 'rg', location: 'westeurope', tenantId: TENANT });
    expect(findingsOf(stack, 'SEC-1.KeyVaultAccessPolicies')).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.KeyVaultAccessPolicies').map((r) => [r.status, r.resourceType])).toEqual([[ReportStatus.COMPLIANT, 'azurerm_key_vault']]);
  });

  it('stays quiet when suppressed with a reason', () => {
    const stack = rawStack();
    const vault = rawVault(stack);
    LessonsCheck.suppress(vault, 'SEC-1.KeyVaultAccessPolicies', 'legacy vault, migrating to RBAC in Q3');
    expect(findingsOf(stack, 'SEC-1.KeyVaultAccessPolicies')).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.KeyVaultAccessPolicies')).toEqual([expect.objectContaining({
      status: ReportStatus.SUPPRESSED, suppressionReason: 'legacy vault, migrating to RBAC in Q3',
    })]);
  });
});

describe('SEC-1.NamedValuePlainSecret', () => {
  const KEY = 'sk_live_51HqLyjWDarjtT1zdp7dc';
  const rawNamedValue = (stack: TerraformStack, extra: Partial<ApiManagementNamedValueConfig>) => new ApiManagementNamedValue(stack, 'named-value', {
    name: 'psp-api-key', displayName: 'psp-api-key', apiManagementName: 'apim-raw', resourceGroupName: 'rg', ...extra,
  });

  it('fails when a secret named value holds its value in the configuration, without repeating the value', () => {
    const stack = rawStack();
    rawNamedValue(stack, { secret: true, value: KEY });
    const findings = findingsOf(stack, 'SEC-1.NamedValuePlainSecret');
    expect(findings).toEqual([
      '[SEC-1.NamedValuePlainSecret] other-dev/named-value: value = "(a secret)": the secret is written into the configuration and the Terraform state, '
      + 'and rotating it takes a deploy. Fix: put it in Key Vault and use value_from_key_vault with a versionless secret id (KeyVaultNamedValue does, with the gateway\'s grant).',
    ]);
    expect(findings.join('\n')).not.toContain(KEY);
    expect(rowsOf(stack, 'SEC-1.NamedValuePlainSecret')).toEqual([expect.objectContaining({
      level: RuleLevel.ERROR, status: ReportStatus.NON_COMPLIANT, setting: 'value', resourceType: 'azurerm_api_management_named_value',
    })]);
  });

  it('accepts a secret named value from Key Vault', () => {
    const stack = rawStack();
    rawNamedValue(stack, { secret: true, valueFromKeyVault: { secretId: 'https://kv-raw.vault.azure.net/secrets/psp-api-key' } });
    expect(findingsOf(stack, 'SEC-1.NamedValuePlainSecret')).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.NamedValuePlainSecret').map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
  });

  it('does not apply to a named value that is not secret (a base URL, a flag)', () => {
    const stack = rawStack();
    rawNamedValue(stack, { value: 'https://api.psp.example.com' });
    expect(findingsOf(stack, 'SEC-1.NamedValuePlainSecret')).toEqual([]);
    expect(allRowsOf(stack, 'SEC-1.NamedValuePlainSecret').map((r) => r.status)).toEqual([]);
  });

  it('accepts KeyVaultNamedValue', () => {
    const stack = rawStack();
    new KeyVaultNamedValue(stack, 'psp-key', { gateway: gateway(stack), name: 'psp-api-key', secret: 'https://kv-raw.vault.azure.net/secrets/psp-api-key' });
    expect(findingsOf(stack, 'SEC-1.NamedValuePlainSecret')).toEqual([]);
    expect(rowsOf(stack, 'SEC-1.NamedValuePlainSecret').map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
  });
});

describe('PAY-2.RetryOnClientErrors', () => {
  const RULE = 'PAY-2.RetryOnClientErrors';
  const retryPolicy = (...conditions: string[]) => '<policies><inbound><base /></inbound><backend>'
    + conditions.map((c) => `<retry condition="${c}" count="3" interval="1"><forward-request timeout="30" /></retry>`).join('')
    + '</backend><outbound><base /></outbound><on-error><base /></on-error></policies>';
  const apiPolicy = (stack: TerraformStack, xmlContent: string) => new ApiManagementApiPolicy(stack, 'policy', {
    apiName: 'psp', apiManagementName: 'apim-raw', resourceGroupName: 'rg', xmlContent,
  });
  /** The finding for a condition as the XML spells it (`shown` unescaped) and the reason the rule gives. */
  const finding = (path: string, shown: string, why: string) => `[PAY-2.RetryOnClientErrors] ${path}: xml_content = ${JSON.stringify(`<retry condition="${shown}">`)}: `
    + `the condition (${why}) retries client errors: 400, 401, 402 and 422 are the provider's answer, and repeating them charges twice or gets the key suspended. `
    + 'Fix: retry 429, 503 and 504 only (PolicyStatement.retry builds that condition).';

  const flagged: [string, string, string][] = [
    ['@(context.Response.StatusCode == 400)', '@(context.Response.StatusCode == 400)', 'StatusCode == 400'],
    ['@(context.Response.StatusCode == 401)', '@(context.Response.StatusCode == 401)', 'StatusCode == 401'],
    ['@(context.Response.StatusCode == 402)', '@(context.Response.StatusCode == 402)', 'StatusCode == 402'],
    ['@(context.Response.StatusCode == 429 || context.Response.StatusCode == 422)', '@(context.Response.StatusCode == 429 || context.Response.StatusCode == 422)', 'StatusCode == 422'],
    ['@(context.Response.StatusCode==409)', '@(context.Response.StatusCode==409)', 'StatusCode == 409'],
    ['@(context.Response.StatusCode >= 400)', '@(context.Response.StatusCode >= 400)', 'StatusCode >= 400'],
    ['@(context.Response.StatusCode &gt;= 400)', '@(context.Response.StatusCode >= 400)', 'StatusCode >= 400'],
    ['@(context.Response.StatusCode &gt; 399)', '@(context.Response.StatusCode > 399)', 'StatusCode > 399'],
    ['@(context.Response.StatusCode &gt;= 429)', '@(context.Response.StatusCode >= 429)', 'StatusCode >= 429'],
    ['@(context.Response.StatusCode != 200)', '@(context.Response.StatusCode != 200)', 'StatusCode != 200 (every other status, 4xx included)'],
    ['@(context.Response != null &amp;&amp; context.Response.StatusCode != 201)', '@(context.Response != null && context.Response.StatusCode != 201)',
      'StatusCode != 201 (every other status, 4xx included)'],
  ];
  for (const [condition, shown, why] of flagged) {
    it(`fails when a retry condition retries a client error: ${shown}`, () => {
      const stack = rawStack();
      apiPolicy(stack, retryPolicy(condition));
      expect(findingsOf(stack, RULE)).toEqual([finding('other-dev/policy', shown, why)]);
      expect(rowsOf(stack, RULE)).toEqual([expect.objectContaining({ level: RuleLevel.ERROR, status: ReportStatus.NON_COMPLIANT, setting: 'xml_content' })]);
    });
  }

  const accepted = [
    '@(context.Response.StatusCode == 429 || context.Response.StatusCode == 503)',
    '@(context.Response != null &amp;&amp; (context.Response.StatusCode == 503 || context.Response.StatusCode == 504))',
    '@(context.Response.StatusCode &gt;= 500)',
    '@(context.Response.StatusCode >= 500)',
    '@(context.Response.StatusCode &gt; 499)',
    '@(context.Response != null)',
  ];
  for (const condition of accepted) {
    it(`accepts a retry on 429 and 5xx only: ${condition}`, () => {
      const stack = rawStack();
      apiPolicy(stack, retryPolicy(condition));
      expect(findingsOf(stack, RULE)).toEqual([]);
      expect(rowsOf(stack, RULE).map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
    });
  }

  it('accepts the condition PolicyStatement.retry builds', () => {
    const stack = rawStack();
    apiPolicy(stack, new PolicyDocument({
      backend: [PolicyStatement.retry({ count: 2, intervalSeconds: 2, idempotent: true }, [PolicyStatement.forwardRequest({ timeoutSeconds: 30, bufferRequestBody: true })])],
    }).toXml());
    expect(findingsOf(stack, RULE)).toEqual([]);
    expect(rowsOf(stack, RULE).map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
  });

  it('fails when the bad condition is written in single quotes, which XML allows as well', () => {
    const stack = rawStack();
    apiPolicy(stack, '<policies><inbound><base /></inbound><backend>'
      + '<retry condition=\'@(context.Response.StatusCode == 400)\' count="3" interval="1"><forward-request timeout="30" /></retry>'
      + '</backend><outbound><base /></outbound><on-error><base /></on-error></policies>');
    const findings = findingsOf(stack, RULE);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/^\[PAY-2\.RetryOnClientErrors\] other-dev\/policy: xml_content = .*the condition \(StatusCode == 400\) retries client errors/);
  });

  it('reports each bad retry of a document, and only the bad ones', () => {
    const stack = rawStack();
    apiPolicy(stack, retryPolicy('@(context.Response.StatusCode == 503)', '@(context.Response.StatusCode == 400)', '@(context.Response.StatusCode &gt;= 400)'));
    expect(findingsOf(stack, RULE)).toEqual([
      finding('other-dev/policy', '@(context.Response.StatusCode == 400)', 'StatusCode == 400'),
      finding('other-dev/policy', '@(context.Response.StatusCode >= 400)', 'StatusCode >= 400'),
    ]);
  });

  it('does not apply to a policy without retry, even one that compares a 4xx elsewhere', () => {
    const stack = rawStack();
    apiPolicy(stack, '<policies><inbound><base /><choose><when condition="@(context.Request.Headers.GetValueOrDefault(&quot;X&quot;, &quot;&quot;) == &quot;&quot;)">'
      + '<return-response><set-status code="400" reason="Bad Request" /></return-response></when></choose></inbound><backend><base /></backend>'
      + '<outbound><base /><choose><when condition="@(context.Response.StatusCode == 400)"><set-header name="X-Error" exists-action="override"><value>1</value></set-header>'
      + '</when></choose></outbound><on-error><base /></on-error></policies>');
    expect(findingsOf(stack, RULE)).toEqual([]);
    expect(allRowsOf(stack, RULE).map((r) => r.status)).toEqual([]);
  });

  it('reads the global, product and operation policies too', () => {
    const stack = rawStack();
    const bad = retryPolicy('@(context.Response.StatusCode &gt;= 400)');
    new ApiManagementPolicy(stack, 'global', { apiManagementId: APIM_ID, xmlContent: bad });
    new ApiManagementProductPolicy(stack, 'product', { productId: 'partners', apiManagementName: 'apim-raw', resourceGroupName: 'rg', xmlContent: bad });
    new ApiManagementApiOperationPolicy(stack, 'operation', {
      apiName: 'psp', operationId: 'create-charge', apiManagementName: 'apim-raw', resourceGroupName: 'rg', xmlContent: bad,
    });
    expect(findingsOf(stack, RULE).sort()).toEqual(['global', 'operation', 'product']
      .map((id) => finding(`other-dev/${id}`, '@(context.Response.StatusCode >= 400)', 'StatusCode >= 400')));
  });

  it('stays quiet when suppressed with a reason', () => {
    const stack = rawStack();
    const policy = apiPolicy(stack, retryPolicy('@(context.Response.StatusCode == 400)'));
    LessonsCheck.suppress(policy, RULE, 'idempotent internal lookup, 400 is transient there');
    expect(findingsOf(stack, RULE)).toEqual([]);
    expect(rowsOf(stack, RULE)).toEqual([expect.objectContaining({ status: ReportStatus.SUPPRESSED, suppressionReason: 'idempotent internal lookup, 400 is transient there' })]);
  });

  it('classifies conditions as the rule does (clientErrorRetried)', () => {
    expect(clientErrorRetried('@(context.Response.StatusCode == 400)')).toBe('StatusCode == 400');
    expect(clientErrorRetried('@(context.Response.StatusCode &gt;= 400)')).toBe('StatusCode >= 400');
    expect(clientErrorRetried('@(context.Response.StatusCode > 399)')).toBe('StatusCode > 399');
    expect(clientErrorRetried('@(context.Response.StatusCode != 200)')).toBe('StatusCode != 200 (every other status, 4xx included)');
    expect(clientErrorRetried('@(context.Response.StatusCode == 429 || context.Response.StatusCode == 503)')).toBeUndefined();
    expect(clientErrorRetried('@(context.Response.StatusCode &gt;= 500)')).toBeUndefined();
    // Retry everything but one status, a bound below 500 from above, and reversed operands.
    expect(clientErrorRetried('@(context.Response.StatusCode != 429)')).toBe('StatusCode != 429 (every other status, 4xx included)');
    expect(clientErrorRetried('@(context.Response.StatusCode &lt; 500)')).toBe('StatusCode < 500');
    expect(clientErrorRetried('@(400 == context.Response.StatusCode)')).toBe('StatusCode == 400');
    expect(clientErrorRetried('@(500 &lt;= context.Response.StatusCode)')).toBeUndefined();
  });

  it('reads each alternative of a condition on its own: a 5xx bound in one does not narrow another (PAY-2)', () => {
    expect(clientErrorRetried('@(context.Response.StatusCode &gt;= 500 || context.Response.StatusCode != 200)')).toBe('StatusCode != 200 (every other status, 4xx included)');
    expect(clientErrorRetried('@(context.Response.StatusCode &gt;= 500 || context.Response.StatusCode &lt; 450)')).toBe('StatusCode < 450');
    // Within one alternative the 5xx bound still keeps an upper bound inside 5xx.
    expect(clientErrorRetried('@((context.Response.StatusCode &gt;= 500 &amp;&amp; context.Response.StatusCode &lt; 504) || context.Response.StatusCode == 429)')).toBeUndefined();
  });

  it('reads C# patterns: a bound then `and`, and constants joined by `or` (PAY-2)', () => {
    expect(clientErrorRetried('@(context.Response.StatusCode is &gt;= 400 and &lt; 500)')).toBe('StatusCode >= 400');
    expect(clientErrorRetried('@(context.Response.StatusCode is 400 or 503)')).toBe('StatusCode == 400');
    expect(clientErrorRetried('@(context.Response.StatusCode is 503 or 400)')).toBe('StatusCode == 400');
    expect(clientErrorRetried('@(context.Response.StatusCode is 429 or 503 or 504)')).toBeUndefined();
    expect(clientErrorRetried('@(context.Response.StatusCode / 100 == 4)')).toBe('StatusCode / 100 == 4');
    expect(clientErrorRetried('@(context.Response.StatusCode &lt;= 400)')).toBe('StatusCode <= 400');
  });
});

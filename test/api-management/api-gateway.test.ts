import { TerraformOutput } from 'cdktf';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiGateway, ApiGatewayProps, ApiManagementSku, RateLimitAlgorithm } from '../../constructs/api-management/api-gateway';
import { IApiGateway } from '../../constructs/api-management/gateway-reference';
import { GATEWAY_PROPS, WORKSPACE_ID, gateway } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { TerraformJson, resourceOf, resourcesOf, synth, testStack } from '../support/synth';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';

const BASE: ApiGatewayProps = GATEWAY_PROPS;

function build(props: Partial<ApiGatewayProps> = {}) {
  const stack = testStack();
  const gw = new ApiGateway(stack, 'gateway', { ...BASE, ...props });
  return { stack, gw, tf: synth(stack) };
}

const serviceRef = (attr: string) =>
  new RegExp(`^\\$\\{azurerm_api_management\\.gateway_service_[0-9A-F]+\\.${attr}\\}`);

describe('ApiGateway defaults', () => {
  // Built for each test, not once for the block, so mutation testing sees which test covers what.
  let tf: TerraformJson;
  let service: Record<string, unknown>;
  beforeEach(() => {
    const stack = testStack();
    gateway(stack);
    tf = synth(stack);
    service = resourceOf(tf, 'azurerm_api_management', 'gateway/service');
  });

  it('passes the v2 SKU through and names the service', () => {
    expect(service).toMatchObject({ name: 'apim-test-unit', sku_name: 'BasicV2_1', publisher_email: 'test@example.com' });
  });

  it('makes sure the Azure Monitor logger exists (azapi PUT) before the diagnostic uses it (GW-10)', () => {
    const logger = resourceOf(tf, 'azapi_resource_action', 'gateway/azure-monitor-logger');
    expect(logger).toMatchObject({ type: 'Microsoft.ApiManagement/service/loggers@2024-05-01', method: 'PUT', body: { properties: { loggerType: 'azureMonitor' } } });
    expect(logger.resource_id).toMatch(/\/loggers\/azuremonitor$/);
    expect(resourceOf(tf, 'azurerm_api_management_diagnostic').depends_on).toEqual([
      expect.stringMatching(/^azapi_resource_action\.gateway_azure-monitor-logger_[0-9A-F]+$/),
      expect.stringMatching(/^azurerm_monitor_diagnostic_setting\.gateway_diagnostics_setting_[0-9A-F]+$/),
    ]);
  });

  it('states the token-bucket rate limiting of the v2 tiers (GW-2)', () => {
    const stack = testStack();
    expect(gateway(stack).rateLimitAlgorithm).toBe('token bucket');
  });

  it('gives the service a system-assigned identity, and exposes it for grants', () => {
    expect(service.identity).toEqual({ type: 'SystemAssigned' });
    const own = testStack();
    const gw = gateway(own);
    expect(gw.identity).toMatchObject({ type: 'SystemAssigned', principalType: 'ServicePrincipal', grantKey: 'gateway' });
    new TerraformOutput(own, 'principal', { value: gw.identity.principalId });
    expect(synth(own).output?.principal.value).toMatch(new RegExp(`${serviceRef('identity\\[0\\]\\.principal_id').source}$`));
  });

  it('exposes the service id and the gateway host name by reference', () => {
    const own = testStack();
    const gw = gateway(own);
    const ref: IApiGateway = gw;
    new TerraformOutput(own, 'id', { value: ref.gatewayId });
    new TerraformOutput(own, 'host', { value: ref.gatewayHostName });
    new TerraformOutput(own, 'name', { value: ref.serviceName });
    const outputs = synth(own).output!;
    expect(outputs.id.value).toMatch(new RegExp(`${serviceRef('id').source}$`));
    expect(outputs.host.value).toMatch(/^\$\{trimprefix\(azurerm_api_management\.gateway_service_[0-9A-F]+\.gateway_url, "https:\/\/"\)\}$/);
    expect(outputs.name.value).toMatch(new RegExp(`${serviceRef('name').source}$`));
    expect(ref).toMatchObject({ resourceGroupName: 'rg-test', skuName: 'BasicV2_1' });
  });

  it('switches SSL 3.0, TLS 1.0 and TLS 1.1 off on both sides', () => {
    expect(service.security).toEqual({
      frontend_ssl30_enabled: false, frontend_tls10_enabled: false, frontend_tls11_enabled: false,
      backend_ssl30_enabled: false, backend_tls10_enabled: false, backend_tls11_enabled: false,
    });
  });

  it('logs requests through the built-in azuremonitor logger without bodies (EDGE-4)', () => {
    const diag = resourceOf(tf, 'azurerm_api_management_diagnostic', 'gateway/azure-monitor');
    expect(diag.identifier).toBe('azuremonitor');
    expect(diag.api_management_logger_id).toEqual(expect.stringMatching(new RegExp(`${serviceRef('id').source}/loggers/azuremonitor$`)));
    for (const side of ['frontend_request', 'frontend_response', 'backend_request', 'backend_response']) {
      expect(diag[side], side).toEqual({ body_bytes: 0 });
    }
  });

  it('sends GatewayLogs to resource-specific tables (GW-10)', () => {
    const setting = resourceOf(tf, 'azurerm_monitor_diagnostic_setting', 'gateway/diagnostics');
    expect(setting).toMatchObject({
      target_resource_id: expect.stringMatching(serviceRef('id')),
      log_analytics_workspace_id: WORKSPACE_ID,
      log_analytics_destination_type: 'Dedicated',
    });
    expect(setting.enabled_log).toContainEqual({ category: 'GatewayLogs' });
  });
});

describe('ApiGateway options', () => {
  it('passes a larger v2 SKU and the sampling percentage through', () => {
    const { tf } = build({ skuName: 'StandardV2_3', samplingPercentage: 25 });
    expect(resourceOf(tf, 'azurerm_api_management').sku_name).toBe('StandardV2_3');
    expect(resourceOf(tf, 'azurerm_api_management_diagnostic').sampling_percentage).toBe(25);
  });
});

describe('ApiManagementSku', () => {
  it('spells the v2 SKUs as azurerm does', () => {
    expect([ApiManagementSku.basicV2(1), ApiManagementSku.standardV2(3), ApiManagementSku.premiumV2(30)]).toEqual(['BasicV2_1', 'StandardV2_3', 'PremiumV2_30']);
  });

  it.each([['BasicV2_1', true], ['BasicV2_10', true], ['StandardV2_10', true], ['PremiumV2_30', true],
    ['BasicV2_0', false], ['BasicV2_11', false], ['PremiumV2_31', false], ['Developer_1', false], ['Premium_1', false], ['Consumption_0', false]])(
    'isV2(%s) is %s', (sku, v2) => {
      expect(ApiManagementSku.isV2(sku)).toBe(v2);
    });

  it.each([['Consumption_0', true], ['Consumption', true], ['BasicV2_1', false], ['Developer_1', false]])('isConsumption(%s) is %s', (sku, consumption) => {
    expect(ApiManagementSku.isConsumption(sku)).toBe(consumption);
  });
});

describe('ApiManagementSku edges', () => {
  it('recognises Consumption with or without units, and nothing around it', () => {
    expect(['Consumption', 'Consumption_0', 'Consumption_10'].map((s) => ApiManagementSku.isConsumption(s))).toEqual([true, true, true]);
    expect(['XConsumption', 'Consumption_0x', 'Consumption_'].map((s) => ApiManagementSku.isConsumption(s))).toEqual([false, false, false]);
  });

  it('knows the algorithm of multi-digit units, and none for names with anything around them', () => {
    expect([ApiManagementSku.rateLimitAlgorithmOf('StandardV2_10'), ApiManagementSku.rateLimitAlgorithmOf('Premium_12')])
      .toEqual([RateLimitAlgorithm.TOKEN_BUCKET, RateLimitAlgorithm.SLIDING_WINDOW]);
    for (const sku of ['XBasicV2_1', 'BasicV2_1x', 'XDeveloper_1', 'Developer_1x']) expect(ApiManagementSku.rateLimitAlgorithmOf(sku)).toBeUndefined();
  });
});

describe('ApiGateway.fromExisting', () => {
  it('reads id and identity of a gateway another team owns with a data source, and defaults the host name', () => {
    const stack = testStack();
    const gw = ApiGateway.fromExisting(stack, 'shared', { serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1' });
    expect(gw).toMatchObject({ serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'StandardV2_1', gatewayHostName: 'apim-shared.azure-api.net' });
    expect(gw.identity).toMatchObject({ type: 'SystemAssigned', principalType: 'ServicePrincipal' });
    new TerraformOutput(stack, 'id', { value: gw.gatewayId });
    new TerraformOutput(stack, 'principal', { value: gw.identity.principalId });
    const tf = synth(stack);
    const lookups = Object.entries(tf.data?.azurerm_api_management ?? {});
    expect(lookups).toHaveLength(1);
    const [lookupId, lookup] = lookups[0];
    expect(lookup).toEqual({ name: 'apim-shared', resource_group_name: 'rg-shared' });
    expect(tf.output?.id.value).toBe(`\${data.azurerm_api_management.${lookupId}.id}`);
    expect(tf.output?.principal.value).toBe(`\${data.azurerm_api_management.${lookupId}.identity[0].principal_id}`);
    expect(resourcesOf(tf, 'azurerm_api_management')).toEqual({});
  });

  it('uses the id, principal and host name it is given, without a data source', () => {
    const stack = testStack();
    const gw = ApiGateway.fromExisting(stack, 'shared', {
      serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName: 'Developer_1',
      gatewayId: '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.ApiManagement/service/apim-shared',
      principalId: '00000000-0000-0000-0000-000000000042', gatewayHostName: 'api.contoso.com',
    });
    expect(gw).toMatchObject({
      gatewayId: '/subscriptions/0/resourceGroups/rg-shared/providers/Microsoft.ApiManagement/service/apim-shared', gatewayHostName: 'api.contoso.com',
    });
    expect(gw.identity).toMatchObject({ type: 'SystemAssigned', principalId: '00000000-0000-0000-0000-000000000042' });
    expect(synth(stack).data).toBeUndefined();
  });

  it.each(['Free', 'BasicV2', 'basicv2_1', 'Standard V2_1'])('fails when skuName is %s, not a SKU as azurerm spells it', (skuName) => {
    const stack = testStack();
    const r = refusalOf(() => ApiGateway.fromExisting(stack, 'shared', { serviceName: 'apim-shared', resourceGroupName: 'rg-shared', skuName }));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'test/shared', setting: 'skuName' });
    expect(r.message).toMatch(new RegExp(`^\\[AZURE\\] test/shared: skuName = "${skuName}": this is not an API Management SKU as azurerm spells it.* Fix: use e\\.g\\. 'BasicV2_1'`));
  });

  it.each(['FooBasicV2_1', 'BasicV2_1x', 'basicv2_1'])('fails when an existing gateway\'s SKU is %j', (skuName) => {
    expect(refusalOf(() => ApiGateway.fromExisting(testStack(), 'shared', { serviceName: 'apim-shared', resourceGroupName: 'rg', skuName })))
      .toMatchObject({ lesson: 'AZURE', path: 'test/shared', setting: 'skuName' });
  });

  it('takes an existing gateway of ten units', () => {
    expect(ApiGateway.fromExisting(testStack(), 'shared', { serviceName: 'apim-shared', resourceGroupName: 'rg', skuName: 'StandardV2_10' }).skuName).toBe('StandardV2_10');
  });
});

describe('ApiGateway refusals', () => {
  const refusal = (props: Partial<ApiGatewayProps>) => () => build(props);

  it.each(['Developer_1', 'Premium_1', 'Consumption_0'])('fails when skuName is the non-v2 tier %s (GW-2)', (sku) => {
    expect(refusal({ skuName: sku })).toThrow(
      new RegExp(`^\\[GW-2\\] test/gateway: skuName = "${sku}": this library deploys the v2 tiers only: .*\\(GW-2\\)\\. Fix: use 'BasicV2_1'`));
  });

  it('fails when skuName is BasicV2_11, above the 10 units of BasicV2 (GW-2)', () => {
    expect(refusal({ skuName: 'BasicV2_11' })).toThrow(/^\[GW-2\] test\/gateway: skuName = "BasicV2_11": /);
  });

  it('fails when the publisher e-mail is invalid', () => {
    expect(refusal({ publisherEmail: 'platform team' })).toThrow(
      /^\[AZURE\] test\/gateway: publisherEmail = "platform team": API Management needs a valid publisher e-mail address\. Fix: /);
  });

  for (const publisherName of ['', '   ']) {
    it(`fails when the publisher name is ${JSON.stringify(publisherName)} (required, not blank)`, () => {
      expect(refusalOf(refusal({ publisherName })).message).toBe(`[AZURE] test/gateway: publisherName = ${JSON.stringify(publisherName)}: it is required and may not be empty or blank: `
        + 'API Management shows the publisher name in the developer portal and signs its e-mails to API consumers with it. '
        + 'Fix: give the team that owns the gateway, e.g. "Platform team", in at most 100 characters.');
    });
  }

  it('fails when the publisher name is longer than the 100 characters Azure accepts', () => {
    const publisherName = 'P'.repeat(101);
    expect(refusalOf(refusal({ publisherName })).message).toMatch(
      new RegExp(`^\\[AZURE\\] test/gateway: publisherName = "${publisherName}": Azure accepts at most 100 characters, this has 101: API Management shows`));
  });

  it('fails when the publisher name spans lines', () => {
    expect(refusalOf(refusal({ publisherName: 'Platform\nteam' })).message).toMatch(/^\[AZURE\] test\/gateway: publisherName = "Platform\\nteam": Azure accepts one line only: /);
  });

  it('fails when the publisher e-mail is empty, as a required text rather than a malformed address', () => {
    expect(refusalOf(refusal({ publisherEmail: '' })).message).toBe('[AZURE] test/gateway: publisherEmail = "": it is required and may not be empty or blank: '
      + 'API Management sends its service notifications to the publisher e-mail. Fix: give the team mailbox, e.g. platform@contoso.com, in at most 100 characters.');
  });

  it('fails when the publisher e-mail is longer than 100 characters', () => {
    const publisherEmail = `${'a'.repeat(90)}@contoso.com`;
    expect(refusalOf(refusal({ publisherEmail })).message).toMatch(/^\[AZURE\] test\/gateway: publisherEmail = "a+@contoso\.com": Azure accepts at most 100 characters, this has 102: /);
  });

  it('accepts a publisher name of exactly 100 characters', () => {
    expect(refusal({ publisherName: 'P'.repeat(100) })).not.toThrow();
  });

  it('fails when the name starts with a digit', () => {
    expect(refusal({ name: '1apim' })).toThrow(
      /^\[AZURE\] test\/gateway: name = "1apim": Azure rejects this API Management service name \(5 characters\)\. Fix: use 1-50 characters: .*, unique across Azure\./);
  });

  it('fails when the name is 51 characters', () => {
    const name = `apim-${'x'.repeat(46)}`;
    expect(name).toHaveLength(51);
    expect(refusal({ name })).toThrow(new RegExp(`^\\[AZURE\\] test/gateway: name = "${name}": Azure rejects this API Management service name \\(51 characters\\)`));
  });

  it('fails when the sampling percentage is above 100 (GW-10)', () => {
    expect(refusal({ samplingPercentage: 250 })).toThrow(/^\[GW-10\] test\/gateway: samplingPercentage = 250/);
  });

  it('accepts a name of exactly 50 characters', () => {
    expect(refusal({ name: `apim-${'x'.repeat(45)}` })).not.toThrow();
  });
});

describe('ApiGateway deploy requirements', () => {
  it('declares its tier in its region for the preflight (v2 tiers are offered in some regions only)', () => {
    const { stack } = build({ skuName: 'StandardV2_1', location: 'swedencentral' });
    expect(PreflightManifests.of(stack).requirements.filter((r) => r.kind === 'sku')).toEqual([{
      kind: 'sku', skuFamily: 'api-management', sku: 'StandardV2_1', location: 'swedencentral',
      reason: 'API Management v2 tiers are offered in some regions only.', neededBy: ['test/gateway'],
    }]);
  });

  it('gives the preflight the service name to check across Azure and the region of Microsoft.ApiManagement/service', () => {
    const requirements = PreflightManifests.of(build().stack).requirements;
    expect(requirements.filter((r) => r.kind === 'global-name')).toEqual([expect.objectContaining({ resourceType: 'Microsoft.ApiManagement/service', name: 'apim-test-unit', resourceGroupName: 'rg-test' })]);
    expect(requirements.filter((r) => r.kind === 'region').map((r) => `${r.resourceType} ${r.location}`)).toContain('Microsoft.ApiManagement/service westeurope');
  });
});

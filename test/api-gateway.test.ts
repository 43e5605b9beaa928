import { describe, expect, it } from 'vitest';
import { ApiGateway, ApiGatewayProps, ApiManagementV2Sku } from '../constructs/api-management/api-gateway';
import { GATEWAY_PROPS, WORKSPACE_ID, gateway } from './support/fixtures';
import { resourceOf, synth, testStack } from './support/synth';

const BASE: ApiGatewayProps = GATEWAY_PROPS;

function build(props: Partial<ApiGatewayProps> = {}) {
  const stack = testStack();
  const gw = new ApiGateway(stack, 'gateway', { ...BASE, ...props });
  return { stack, gw, tf: synth(stack) };
}

const serviceRef = (attr: string) =>
  new RegExp(`^\\$\\{azurerm_api_management\\.gateway_service_[0-9A-F]+\\.${attr}\\}`);

describe('ApiGateway defaults', () => {
  const stack = testStack();
  gateway(stack);
  const tf = synth(stack);
  const service = resourceOf(tf, 'azurerm_api_management', 'gateway/service');

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

  it('gives the service a system-assigned identity', () => {
    expect(service.identity).toEqual({ type: 'SystemAssigned' });
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

describe('ApiGateway refusals', () => {
  const refusal = (props: Partial<ApiGatewayProps>) => () => build(props);
  const classic = (sku: string) => sku as ApiManagementV2Sku;

  it.each(['Developer_1', 'Premium_1'])('fails when skuName is the classic tier %s (GW-2)', (sku) => {
    expect(refusal({ skuName: classic(sku) })).toThrow(
      new RegExp(`^\\[GW-2\\] test/gateway: skuName = "${sku}": this library deploys the v2 tiers only: .*\\(GW-2\\)\\. Fix: use 'BasicV2_1'`));
  });

  it('fails when skuName is BasicV2_11, above the 10 units of BasicV2 (GW-2)', () => {
    expect(refusal({ skuName: 'BasicV2_11' })).toThrow(/^\[GW-2\] test\/gateway: skuName = "BasicV2_11": /);
  });

  it('fails when the publisher e-mail is invalid', () => {
    expect(refusal({ publisherEmail: 'platform team' })).toThrow(
      /^\[AZURE\] test\/gateway: publisherEmail = "platform team": API Management needs a valid publisher e-mail address\. Fix: /);
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

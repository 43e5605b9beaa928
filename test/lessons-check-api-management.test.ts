import { App, TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ApiManagementApiOperation, ApiManagementApiOperationTemplateParameter } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { AzureStack } from '../constructs/stack/azure-stack';
import { LessonsCheck } from '../constructs/lessons-check/lessons-check';
import { ReportStatus } from '../constructs/lessons-check/report';
import { errorsOf } from './support/synth';

const RULE = 'AZURE.OperationTemplateParameters';

function rawStack(): TerraformStack {
  const app: App = Testing.app();
  return new AzureStack(app, { stackName: 'other', environmentName: 'dev', production: false });
}

function operation(stack: TerraformStack, urlTemplate: string, templateParameter?: ApiManagementApiOperationTemplateParameter[]) {
  return new ApiManagementApiOperation(stack, 'op', {
    operationId: 'get-order', apiName: 'orders', apiManagementName: 'apim-other', resourceGroupName: 'rg', displayName: 'Get order',
    method: 'GET', urlTemplate, ...(templateParameter ? { templateParameter } : {}),
  });
}

const findingsOf = (stack: TerraformStack) => {
  Testing.synth(stack);
  return errorsOf(stack).filter((e) => e.startsWith(`[${RULE}] `));
};
const statusOf = (stack: TerraformStack) => LessonsCheck.of(stack)!.reportOf(stack).results.find((r) => r.ruleId === RULE)?.status;

describe('AZURE.OperationTemplateParameters on raw API Management operations (azurerm refuses them at plan)', () => {
  it('fails when the URL template uses a parameter it does not declare', () => {
    const stack = rawStack();
    operation(stack, '/orders/{id}');
    expect(findingsOf(stack)).toEqual([
      `[${RULE}] other-dev/op: url_template = "/orders/{id}": {id} is not declared in template_parameter, and azurerm's plan refuses an operation whose URL template uses a parameter it does not declare. `
      + 'Fix: add template_parameter { name = "id", type = "string", required = true } (the type the backend expects).',
    ]);
  });

  it('fails when a wildcard or query parameter is not declared, each named', () => {
    const stack = rawStack();
    operation(stack, '/files/{*path}?version={version}', [{ name: 'path', type: 'string', required: true }]);
    expect(findingsOf(stack)).toEqual([expect.stringMatching(/^\[AZURE\.OperationTemplateParameters\] other-dev\/op: url_template = "\/files\/\{\*path\}\?version=\{version\}": \{version\} is not declared/)]);
  });

  it('fails when a declared parameter is not used (spelled otherwise)', () => {
    const stack = rawStack();
    operation(stack, '/orders/{orderId}', [{ name: 'orderId', type: 'string', required: true }, { name: 'OrderId', type: 'string', required: true }]);
    expect(findingsOf(stack)).toEqual([
      `[${RULE}] other-dev/op: template_parameter = "OrderId": the URL template /orders/{orderId} does not use {OrderId}, and azurerm's plan refuses a declared parameter the template does not use. `
      + 'Fix: remove it, or use {OrderId} in url_template with the same spelling.',
    ]);
  });

  it('passes when every parameter is declared once, and a template without parameters', () => {
    const declared = rawStack();
    operation(declared, '/orders/{id}', [{ name: 'id', type: 'string', required: true }]);
    expect(findingsOf(declared)).toEqual([]);
    expect(statusOf(declared)).toBe(ReportStatus.COMPLIANT);
    const plain = rawStack();
    operation(plain, '/orders');
    expect(statusOf(plain)).toBe(ReportStatus.COMPLIANT);
  });

  it('leaves a template given as a reference to Terraform', () => {
    const stack = rawStack();
    operation(stack, '${var.template}');
    expect(statusOf(stack)).toBe(ReportStatus.NOT_APPLICABLE);
  });
});

import { TerraformStack, Testing } from 'cdktf';
import { ApiManagement } from '@cdktf/provider-azurerm/lib/api-management';
import { Resource } from '../../.gen/providers/azapi/resource';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { ReportRow } from '../../constructs/lessons-check/report';

// Raw provider resources, as another team writes them, and the lessons-check report rows of one
// rule on one of them: what the rule-family suites (lessons-check-*.test.ts) share.

/** An AzureStack `other-dev` (or `other-prod`, marked production) with raw resources only. */
export const rawStack = (production = false): AzureStack =>
  new AzureStack(Testing.app(), { stackName: 'other', environmentName: production ? 'prod' : 'dev', production });

/**
 * The report rows of one rule on one resource (construct path under the stack): none when the
 * rule does not concern it (the report counts those pairs per rule, it writes no row for them),
 * so the resource must be there.
 */
export const rows = (stack: TerraformStack, ruleId: string, id: string): ReportRow[] => {
  const path = `${stack.node.id}/${id}`;
  if (!stack.node.findAll().some((c) => c.node.path === path)) throw new Error(`no construct ${path} in the stack`);
  return LessonsCheck.of(stack)!.reportOf(stack).results.filter((r) => r.ruleId === ruleId && r.resourcePath === path);
};
export const statusOf = (stack: TerraformStack, ruleId: string, id: string) => rows(stack, ruleId, id).map((r) => r.status);

/** A raw API Management service. */
export function gateway(stack: TerraformStack, id = 'apim', name = 'apim-other'): ApiManagement {
  return new ApiManagement(stack, id, {
    name, location: 'westeurope', resourceGroupName: 'rg', publisherName: 'Other', publisherEmail: 'other@contoso.com', skuName: 'BasicV2_1',
  });
}

/** An API of an AzAPI `service/apis` resource. */
export function azapiApi(stack: TerraformStack, id: string, options: { parentId?: string; properties?: Record<string, unknown> }): Resource {
  return new Resource(stack, id, {
    type: 'Microsoft.ApiManagement/service/apis@2024-05-01', name: id,
    ...(options.parentId ? { parentId: options.parentId } : {}),
    ...(options.properties ? { body: { properties: options.properties } } : {}),
  });
}

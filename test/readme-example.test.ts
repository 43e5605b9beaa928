import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { PaymentsStack } from '../docs/examples/consumer-rate-limits';
import { OrdersStack } from '../docs/examples/consumer-stack';
import { TerraformJson, resourceOf } from './support/synth';

const root = join(__dirname, '..');

describe('README consumer example', () => {
  for (const file of ['consumer-stack.ts', 'consumer-rate-limits.ts']) {
    it(`shows docs/examples/${file} verbatim, so the README shows code that compiles (npm run typecheck)`, () => {
      const readme = readFileSync(join(root, 'README.md'), 'utf8');
      const example = readFileSync(join(root, 'docs/examples', file), 'utf8');
      expect(readme).toContain(['```ts', example.trimEnd(), '```'].join('\n'));
    });
  }

  it('synthesizes another team\'s stack with DualIngressContainerApp and the gateway', () => {
    const stack = new OrdersStack(Testing.app(), 'dev');
    const tf = JSON.parse(Testing.synth(stack, true)) as TerraformJson;
    expect(stack.node.id).toBe('orders-dev');
    expect(resourceOf(tf, 'azurerm_container_app', 'orders_grpc-app')).toMatchObject({ ingress: { transport: 'http2', target_port: 8081 } });
    expect(resourceOf(tf, 'azurerm_container_app', 'orders_http-app').tags).toMatchObject({ owner: 'orders-team', environment: 'dev', stack: 'orders' });
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').xml_content).toContain('buffer-response="false"');
  });

  it('synthesizes another team\'s rate limits on a gateway it did not create, and its Redis grant', () => {
    const stack = new PaymentsStack(Testing.app(), 'dev');
    const tf = JSON.parse(Testing.synth(stack, true)) as TerraformJson;
    const xml = resourceOf(tf, 'azurerm_api_management_api_policy').xml_content as string;
    expect(xml).toMatch(/<rate-limit-by-key calls="100" renewal-period="60" counter-key="@\(context\.Subscription\?\.Id/);
    expect(xml).toContain('<limit-concurrency key=');
    expect(xml).toContain('application/problem+json');
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').api_name).toMatch(/^\$\{azurerm_api_management_api\.payments-api\.name\}$/);
    const grant = resourceOf(tf, 'azapi_resource') as { type: string; body: { properties: { user: { objectId: string } } } };
    expect(grant.type).toBe('Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01');
    expect(grant.body.properties.user.objectId).toBe('${azurerm_user_assigned_identity.worker-identity.principal_id}');
    const notes = stack.node.findAll().flatMap((c) => c.node.metadata.filter((m) => m.type === '@cdktf/info').map((m) => String(m.data)));
    expect(notes).toEqual([expect.stringMatching(/^\[GW-2\] payments-dev\/partner-limits: .* on StandardV2_1 is a token bucket/)]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { OrdersStack } from '../docs/examples/consumer-stack';
import { TerraformJson, resourceOf } from './support/synth';

const root = join(__dirname, '..');

describe('README consumer example', () => {
  it('is docs/examples/consumer-stack.ts verbatim, so the README shows code that compiles (npm run typecheck)', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const example = readFileSync(join(root, 'docs/examples/consumer-stack.ts'), 'utf8');
    expect(readme).toContain(['```ts', example.trimEnd(), '```'].join('\n'));
  });

  it('synthesizes another team\'s stack with DualIngressContainerApp and the gateway', () => {
    const stack = new OrdersStack(Testing.app(), 'dev');
    const tf = JSON.parse(Testing.synth(stack, true)) as TerraformJson;
    expect(stack.node.id).toBe('orders-dev');
    expect(resourceOf(tf, 'azurerm_container_app', 'orders_grpc-app')).toMatchObject({ ingress: { transport: 'http2', target_port: 8081 } });
    expect(resourceOf(tf, 'azurerm_container_app', 'orders_http-app').tags).toMatchObject({ owner: 'orders-team', environment: 'dev', stack: 'orders' });
    expect(resourceOf(tf, 'azurerm_api_management_api_policy').xml_content).toContain('buffer-response="false"');
  });
});

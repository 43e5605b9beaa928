import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TerraformOutput, TerraformStack, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ManagedRedis as ManagedRedisResource } from '@cdktf/provider-azurerm/lib/managed-redis';
import { PaymentsStack } from '../../docs/examples/consumer-rate-limits';
import { InvoicesStack } from '../../docs/examples/consumer-functions';
import { ShippingPartnersStack } from '../../docs/examples/consumer-partner-api';
import { NotificationsStack } from '../../docs/examples/consumer-webhooks';
import { OrdersStack } from '../../docs/examples/consumer-stack';
import { synthAll } from '../support/app';
import { findSecrets, findStoredSecrets } from '../support/secrets';
import { TerraformJson, synth, testStack } from '../support/synth';

/** Outputs marked sensitive: none of the stacks exports anything that needs it. */
const sensitiveOutputs = (tf: TerraformJson) =>
  Object.entries(tf.output ?? {}).filter(([, output]) => (output as { sensitive?: boolean }).sensitive === true).map(([id]) => id);

const synthStack = (stack: TerraformStack) => JSON.parse(Testing.synth(stack, true)) as TerraformJson;

/** The consumer examples in docs/examples, by file: every file there must be listed. */
const EXAMPLES: Record<string, () => TerraformStack[]> = {
  'consumer-stack.ts': () => [new OrdersStack(Testing.app(), 'dev'), new OrdersStack(Testing.app(), 'prod')],
  'consumer-rate-limits.ts': () => [new PaymentsStack(Testing.app(), 'dev'), new PaymentsStack(Testing.app(), 'prod')],
  'consumer-functions.ts': () => [new InvoicesStack(Testing.app(), 'dev'), new InvoicesStack(Testing.app(), 'prod')],
  'consumer-partner-api.ts': () => [new ShippingPartnersStack(Testing.app(), 'dev'), new ShippingPartnersStack(Testing.app(), 'prod')],
  'consumer-webhooks.ts': () => [new NotificationsStack(Testing.app(), 'dev'), new NotificationsStack(Testing.app(), 'prod')],
};

describe('the stored-secret check itself', () => {
  it('finds a Key Vault secret resource, a literal secret named value and a secret slot holding a value', () => {
    expect(findStoredSecrets({
      azurerm_key_vault_secret: { psp: { name: 'psp-api-key', value: 'sk_live_1' } },
      azurerm_api_management_named_value: { nv: { name: 'psp', secret: true, value: 'sk_live_2' } },
      azapi_resource: { slot: { type: 'Microsoft.KeyVault/vaults/secrets@2023-07-01', body: { properties: { value: 'sk_live_3' } } } },
    })).toEqual([
      { path: 'azurerm_key_vault_secret.psp', value: 'a secret value in the state' },
      { path: 'azurerm_api_management_named_value.nv.value', value: 'sk_live_2' },
      { path: 'azapi_resource.slot.body.properties.value', value: 'sk_live_3' },
    ]);
  });

  it('accepts a Key Vault-backed named value and a slot with the placeholder', () => {
    expect(findStoredSecrets({
      azurerm_api_management_named_value: { nv: { name: 'psp', secret: true, value_from_key_vault: { secret_id: 'https://kv.vault.azure.net/secrets/psp' } } },
      azapi_resource: { slot: { type: 'Microsoft.KeyVault/vaults/secrets@2023-07-01', body: { properties: { value: 'set-me' } } } },
    })).toEqual([]);
  });
});

describe('no secrets in the synthesized stacks (SEC-1)', () => {
  const stacks = synthAll();

  it('synthesizes all eight stacks of the embedded environments', () => {
    expect(stacks.map((s) => s.name).sort()).toEqual([
      'api-patterns-dev', 'api-patterns-prod', 'payments-dev', 'payments-prod', 'rate-limiting-dev', 'rate-limiting-prod', 'realtime-dev', 'realtime-prod',
    ]);
  });

  for (const { name, tf } of stacks) {
    it(`finds no key, connection string or key switch in ${name}`, () => {
      expect(findSecrets(tf)).toEqual([]);
    });

    it(`keeps no secret value in the state of ${name}: no azurerm_key_vault_secret, named values only from Key Vault, secret slots hold the placeholder (SEC-1)`, () => {
      expect(findStoredSecrets(tf.resource)).toEqual([]);
    });

    it(`marks no output of ${name} sensitive, because none carries a secret`, () => {
      expect(Object.keys(tf.output ?? {}).length).toBeGreaterThan(0);
      expect(sensitiveOutputs(tf)).toEqual([]);
    });
  }

  it('covers every consumer example in docs/examples', () => {
    const files = readdirSync(join(__dirname, '..', '..', 'docs', 'examples')).filter((f) => f.endsWith('.ts')).sort();
    expect(files).toEqual(Object.keys(EXAMPLES).sort());
  });

  for (const [file, build] of Object.entries(EXAMPLES)) {
    it(`finds no secret and no sensitive output in the stacks of docs/examples/${file}`, () => {
      for (const stack of build()) {
        const tf = synthStack(stack);
        expect(Object.keys(tf.resource ?? {}).length, stack.node.id).toBeGreaterThan(0);
        expect(findSecrets(tf), stack.node.id).toEqual([]);
        expect(findStoredSecrets(tf.resource), stack.node.id).toEqual([]);
        expect(sensitiveOutputs(tf), stack.node.id).toEqual([]);
      }
    });
  }
});

describe('the secret scanner catches what it must (negative controls)', () => {
  const redis = (stack: TerraformStack, accessKeys?: boolean) => new ManagedRedisResource(stack, 'redis', {
    name: 'redis-control', resourceGroupName: 'rg', location: 'westeurope', skuName: 'Balanced_B0',
    defaultDatabase: { clientProtocol: 'Encrypted', ...(accessKeys !== undefined ? { accessKeysAuthenticationEnabled: accessKeys } : {}) },
  });

  it('passes a raw Managed Redis with keys off that exports only its host name', () => {
    const stack = testStack();
    const cache = redis(stack, false);
    new TerraformOutput(stack, 'host', { value: cache.hostname });
    expect(findSecrets(synth(stack))).toEqual([]);
  });

  it('catches an output that refers to the Managed Redis primary access key', () => {
    const stack = testStack();
    const cache = redis(stack);
    new TerraformOutput(stack, 'redis-key', { value: cache.defaultDatabase.primaryAccessKey });
    expect(findSecrets(synth(stack))).toEqual([
      { path: 'output.redis-key.value', value: '${azurerm_managed_redis.redis.default_database[0].primary_access_key}' },
    ]);
  });

  it('catches a literal storage connection string with an account key', () => {
    const stack = testStack();
    new TerraformOutput(stack, 'storage', { value: 'DefaultEndpointsProtocol=https;AccountName=x;AccountKey=abc' });
    expect(findSecrets(synth(stack))).toEqual([
      { path: 'output.storage.value', value: 'DefaultEndpointsProtocol=https;AccountName=x;AccountKey=abc' },
    ]);
  });

  it('catches access_keys_authentication_enabled = true on a raw Managed Redis', () => {
    const stack = testStack();
    redis(stack, true);
    expect(findSecrets(synth(stack))).toEqual([
      { path: 'resource.azurerm_managed_redis.redis.default_database.access_keys_authentication_enabled', value: true },
    ]);
  });

  it('sees an output marked sensitive', () => {
    const stack = testStack();
    new TerraformOutput(stack, 'hidden', { value: 'x', sensitive: true });
    new TerraformOutput(stack, 'shown', { value: 'y' });
    expect(sensitiveOutputs(synth(stack))).toEqual(['hidden']);
  });
});

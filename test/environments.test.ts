import { describe, expect, it } from 'vitest';
import { DEFAULT_ENVIRONMENTS, SAMPLE_IMAGE, loadEnvironments } from '../src/environments';
import { synthAll } from './support/app';
import { resourceOf } from './support/synth';

const files = (content: string) => ({ readFile: () => content });

describe('loadEnvironments', () => {
  it('returns the embedded dev and prod without any override', () => {
    const envs = loadEnvironments({ env: {} });
    expect(envs.map((e) => e.name)).toEqual(['dev', 'prod']);
    expect(envs[0]).toMatchObject({ image: SAMPLE_IMAGE, production: false, apiManagement: { skuName: 'BasicV2_1' } });
    expect(envs[1]).toMatchObject({ production: true, frontDoor: { sku: 'Premium_AzureFrontDoor', waf: true } });
  });

  it('applies RTP_<ENV>_* variables', () => {
    const [, prod] = loadEnvironments({ env: {
      RTP_PROD_IMAGE: 'crrtpshared.azurecr.io/realtime/patterns:2.0.0',
      RTP_PROD_LOCATION: 'northeurope',
      RTP_PROD_NAME_PREFIX: 'contoso-prod',
      RTP_PROD_STATE_STORAGE_ACCOUNT: 'stcontosotfstate',
    } });
    expect(prod).toMatchObject({
      image: 'crrtpshared.azurecr.io/realtime/patterns:2.0.0', location: 'northeurope', namePrefix: 'contoso-prod',
      state: { storageAccountName: 'stcontosotfstate' },
    });
  });

  it('merges a JSON file into the embedded environments and adds new environments from dev', () => {
    const envs = loadEnvironments({
      env: { RTP_ENVIRONMENTS_FILE: 'envs.json' },
      ...files(JSON.stringify({ dev: { frontDoor: { waf: false }, replicas: { max: 3 } }, test: { location: 'swedencentral' } })),
    });
    expect(envs.map((e) => e.name)).toEqual(['dev', 'prod', 'test']);
    expect(envs[0].replicas).toEqual({ min: 1, max: 3 });
    expect(envs[0].frontDoor).toEqual({ sku: 'Standard_AzureFrontDoor', waf: false });
    expect(envs[2]).toMatchObject({ name: 'test', namePrefix: 'rtp-test', location: 'swedencentral', image: SAMPLE_IMAGE });
  });

  it('selects environments with RTP_ENVIRONMENTS', () => {
    expect(loadEnvironments({ env: { RTP_ENVIRONMENTS: 'prod' } }).map((e) => e.name)).toEqual(['prod']);
  });

  it('does not modify the embedded defaults', () => {
    loadEnvironments({ env: { RTP_DEV_IMAGE: 'x:1' } });
    expect(DEFAULT_ENVIRONMENTS[0].image).toBe(SAMPLE_IMAGE);
  });

  it('embeds rateLimiting: the sample image with HA off in dev, the registry image with HA on in prod', () => {
    const [dev, prod] = loadEnvironments({ env: {} });
    expect(dev.rateLimiting).toEqual({ image: SAMPLE_IMAGE, redis: { skuName: 'Balanced_B0', highAvailability: false } });
    expect(prod.rateLimiting).toEqual({
      image: 'crrtpshared.azurecr.io/ratelimiting/limiter:1.0.0',
      registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' },
      redis: { skuName: 'Balanced_B1', highAvailability: true },
    });
  });

  it('overrides only the limiter image with RTP_<ENV>_LIMITER_IMAGE, keeping the real-time image, registry and Redis', () => {
    const limiter = 'crrtpshared.azurecr.io/ratelimiting/limiter:2.0.0';
    const [dev, prod] = loadEnvironments({ env: { RTP_PROD_LIMITER_IMAGE: limiter } });
    const embedded = DEFAULT_ENVIRONMENTS[1];
    expect(prod.rateLimiting).toEqual({ ...embedded.rateLimiting, image: limiter });
    expect(prod.image).toBe(embedded.image);
    expect(prod.registry).toEqual(embedded.registry);
    expect(dev).toEqual(DEFAULT_ENVIRONMENTS[0]);
    expect(embedded.rateLimiting.image).toBe('crrtpshared.azurecr.io/ratelimiting/limiter:1.0.0');
  });

  it('merges a file override of rateLimiting: fields given replace the embedded ones, fields left out stay', () => {
    const [, prod] = loadEnvironments({
      env: { RTP_ENVIRONMENTS_FILE: 'envs.json' },
      ...files(JSON.stringify({ prod: { rateLimiting: { image: 'crrtpshared.azurecr.io/ratelimiting/limiter:3.0.0', replicas: 3 } } })),
    });
    expect(prod.rateLimiting).toEqual({
      image: 'crrtpshared.azurecr.io/ratelimiting/limiter:3.0.0', replicas: 3,
      registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' },
      redis: { skuName: 'Balanced_B1', highAvailability: true },
    });
  });

  it('merges a file override at every depth: a dev redis override without highAvailability keeps dev\'s false', () => {
    const [dev] = loadEnvironments({
      env: { RTP_ENVIRONMENTS_FILE: 'envs.json' },
      ...files(JSON.stringify({ dev: { rateLimiting: { redis: { skuName: 'Balanced_B3' } } } })),
    });
    expect(dev.rateLimiting).toEqual({ image: SAMPLE_IMAGE, redis: { skuName: 'Balanced_B3', highAvailability: false } });
    const limiter = synthAll([dev]).find((s) => s.name === 'rate-limiting-dev')!;
    expect(resourceOf(limiter.tf, 'azurerm_managed_redis')).toMatchObject({ sku_name: 'Balanced_B3', high_availability_enabled: false });
  });

  it('replaces lists from a file instead of merging them', () => {
    const [dev] = loadEnvironments({
      env: { RTP_ENVIRONMENTS_FILE: 'envs.json' },
      ...files(JSON.stringify({ dev: { rateLimiting: { clients: ['partner-a'] } } })),
    });
    expect(dev.rateLimiting.clients).toEqual(['partner-a']);
  });

  it('applies RTP_<ENV>_LIMITER_IMAGE after the file override', () => {
    const [dev] = loadEnvironments({
      env: { RTP_ENVIRONMENTS_FILE: 'envs.json', RTP_DEV_LIMITER_IMAGE: 'example.azurecr.io/limiter:9.0.0' },
      ...files(JSON.stringify({ dev: { rateLimiting: { image: 'example.azurecr.io/limiter:1.0.0', clients: ['a', 'b'] } } })),
    });
    expect(dev.rateLimiting).toMatchObject({ image: 'example.azurecr.io/limiter:9.0.0', clients: ['a', 'b'], redis: { highAvailability: false } });
  });

  it('fails when RTP_ENVIRONMENTS names an unknown environment', () => {
    expect(() => loadEnvironments({ env: { RTP_ENVIRONMENTS: 'dev,staging' } }))
      .toThrow('RTP_ENVIRONMENTS=dev,staging: no environment named staging. Fix: choose from dev, prod.');
  });

  it('fails when the override file is not JSON', () => {
    expect(() => loadEnvironments({ env: { RTP_ENVIRONMENTS_FILE: 'envs.json' }, ...files('{dev:') }))
      .toThrow(/^RTP_ENVIRONMENTS_FILE=envs\.json: cannot read it as JSON/);
  });

  it('fails when the override file is not an object of environments', () => {
    expect(() => loadEnvironments({ env: { RTP_ENVIRONMENTS_FILE: 'envs.json' }, ...files('[1]') }))
      .toThrow(/expected a JSON object keyed by environment name/);
    expect(() => loadEnvironments({ env: { RTP_ENVIRONMENTS_FILE: 'envs.json' }, ...files('{"dev": 3}') }))
      .toThrow('RTP_ENVIRONMENTS_FILE: "dev" must be an object of fields to override.');
  });

  it('fails when an override names an unknown field', () => {
    expect(() => loadEnvironments({ env: { RTP_ENVIRONMENTS_FILE: 'envs.json' }, ...files('{"dev": {"imgae": "x:1"}}') }))
      .toThrow(/^RTP_ENVIRONMENTS_FILE: "dev" has unknown field\(s\) imgae\. Fix: use name, location/);
  });

  it('fails when an override misspells a field inside rateLimiting, its redis or limits, or another object', () => {
    const load = (override: unknown) => () => loadEnvironments({ env: { RTP_ENVIRONMENTS_FILE: 'envs.json' }, ...files(JSON.stringify({ dev: override })) });
    expect(load({ rateLimiting: { redis: { highAvailabilty: true } } })).toThrow(
      'RTP_ENVIRONMENTS_FILE: "dev".rateLimiting.redis has unknown field(s) highAvailabilty. Fix: use skuName, highAvailability, publicNetworkAccess, protectFromReplacement.');
    expect(load({ rateLimiting: { limits: { call: 10 } } })).toThrow(/^RTP_ENVIRONMENTS_FILE: "dev"\.rateLimiting\.limits has unknown field\(s\) call\. Fix: use calls, /);
    expect(load({ rateLimiting: { imgae: 'x:1' } })).toThrow(/^RTP_ENVIRONMENTS_FILE: "dev"\.rateLimiting has unknown field\(s\) imgae\./);
    expect(load({ frontDoor: { wfa: true } })).toThrow(/^RTP_ENVIRONMENTS_FILE: "dev"\.frontDoor has unknown field\(s\) wfa\. Fix: use sku, waf\./);
  });

  it('fails when a location is not an Azure region name', () => {
    expect(() => loadEnvironments({ env: { RTP_DEV_LOCATION: 'West Europe' } }))
      .toThrow('Environment dev: location = "West Europe": Azure region names are lower-case letters and digits without spaces.');
  });
});

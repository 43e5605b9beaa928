import { describe, expect, it } from 'vitest';
import { DEFAULT_ENVIRONMENTS, EnvironmentDefinition, loadEnvironments } from '../../src/environments';
import { STACKS } from '../../src/stacks';
import { SAMPLE_IMAGE } from '../../stacks/stack-definition';
import { synthAll } from '../support/app';
import { refusalOf } from '../support/refusal';
import { resourceOf } from '../support/synth';

const files = (content: string) => ({ readFile: () => content });
const fromFile = (overrides: unknown, env: Record<string, string> = {}) => loadEnvironments({
  env: { RTP_ENVIRONMENTS_FILE: 'envs.json', ...env }, ...files(JSON.stringify(overrides)),
});
/** A stack's section of an environment. */
const section = (e: EnvironmentDefinition, name: string) => e.stacks[name] as Record<string, unknown>;

describe('loadEnvironments', () => {
  it('returns the embedded dev and prod: shared fields and a section per registered stack', () => {
    const envs = loadEnvironments({ env: {} });
    expect(envs.map((e) => e.name)).toEqual(['dev', 'prod']);
    expect(envs[0]).toMatchObject({ production: false, apiManagement: { skuName: 'BasicV2_1' } });
    expect(Object.keys(envs[0].stacks)).toEqual(['realtime', 'rateLimiting', 'apiPatterns', 'payments']);
    expect(section(envs[0], 'realtime')).toMatchObject({ image: SAMPLE_IMAGE });
    expect(envs[1]).toMatchObject({ production: true });
    expect(section(envs[1], 'realtime')).toMatchObject({ frontDoor: { sku: 'Premium_AzureFrontDoor', waf: true } });
  });

  it('takes each section from the stack registry: one section per stack, named by its definition', () => {
    expect(STACKS.map((s) => s.section)).toEqual(['realtime', 'rateLimiting', 'apiPatterns', 'payments']);
    for (const e of DEFAULT_ENVIRONMENTS) expect(Object.keys(e.stacks)).toEqual(STACKS.map((s) => s.section));
  });

  it('applies RTP_<ENV>_* variables: shared ones and each stack\'s own', () => {
    const [, prod] = loadEnvironments({ env: {
      RTP_PROD_IMAGE: 'crrtpshared.azurecr.io/realtime/patterns:2.0.0',
      RTP_PROD_LOCATION: 'northeurope',
      RTP_PROD_NAME_PREFIX: 'contoso-prod',
      RTP_PROD_STATE_STORAGE_ACCOUNT: 'stcontosotfstate',
    } });
    expect(prod).toMatchObject({ location: 'northeurope', namePrefix: 'contoso-prod', state: { storageAccountName: 'stcontosotfstate' } });
    expect(section(prod, 'realtime').image).toBe('crrtpshared.azurecr.io/realtime/patterns:2.0.0');
  });

  it('merges a JSON file into the embedded environments and adds new environments from dev', () => {
    const envs = fromFile({ dev: { realtime: { frontDoor: { waf: false }, replicas: { max: 3 } } }, test: { location: 'swedencentral' } });
    expect(envs.map((e) => e.name)).toEqual(['dev', 'prod', 'test']);
    expect(section(envs[0], 'realtime').replicas).toEqual({ min: 1, max: 3 });
    expect(section(envs[0], 'realtime').frontDoor).toEqual({ sku: 'Standard_AzureFrontDoor', waf: false });
    expect(envs[2]).toMatchObject({ name: 'test', namePrefix: 'rtp-test', location: 'swedencentral' });
    expect(section(envs[2], 'realtime').image).toBe(SAMPLE_IMAGE);
  });

  it('takes the identities that deploy an environment, and Event Grid\'s service principal, from the file (issue 27 items 1 and 3)', () => {
    const CI = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
    const envs = fromFile({ prod: { deployerObjectIds: [CI], realtime: { eventGridServicePrincipalObjectId: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a' } } });
    expect(envs[1].deployerObjectIds).toEqual([CI]);
    expect(section(envs[1], 'realtime').eventGridServicePrincipalObjectId).toBe('3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a');
    expect(envs[0].deployerObjectIds).toBeUndefined();
  });

  it('fails when an environment names a canary or sovereign-cloud region, and takes an access-restricted one (the constructs warn) (issue 27 item 8)', () => {
    const canary = refusalOf(() => fromFile({ dev: { location: 'centraluseuap' } }));
    expect(canary.message).toMatch(/^\[ENV\] RTP_ENVIRONMENTS_FILE: dev\.location = "centraluseuap": centraluseuap is a canary region .* Fix: use centralus; /);
    expect(refusalOf(() => fromFile({ prod: { location: 'chinanorth3' } })).message).toContain('chinanorth3 is a region of Azure China');
    expect(fromFile({ dev: { location: 'uaecentral' } })[0].location).toBe('uaecentral');
  });

  it('makes a new environment production unless the file says production: false (dev\'s values, not its development behaviour)', () => {
    const [, , prodEu, sandbox] = fromFile({ 'prod-eu': { location: 'northeurope' }, sandbox: { production: false } });
    expect(prodEu).toMatchObject({ name: 'prod-eu', production: true });
    expect(sandbox).toMatchObject({ name: 'sandbox', production: false });
  });

  it('selects environments with RTP_ENVIRONMENTS', () => {
    expect(loadEnvironments({ env: { RTP_ENVIRONMENTS: 'prod' } }).map((e) => e.name)).toEqual(['prod']);
  });

  it('does not modify the embedded defaults', () => {
    loadEnvironments({ env: { RTP_DEV_IMAGE: 'x:1', RTP_DEV_LIMITER_IMAGE: 'y:1' } });
    expect((DEFAULT_ENVIRONMENTS[0].stacks.realtime as { image: string }).image).toBe(SAMPLE_IMAGE);
    expect((DEFAULT_ENVIRONMENTS[0].stacks.rateLimiting as { image: string }).image).toBe(SAMPLE_IMAGE);
  });

  it('embeds rateLimiting: the sample image with HA off in dev, the registry image with HA on and three replicas (one per zone) in prod', () => {
    const [dev, prod] = loadEnvironments({ env: {} });
    expect(section(dev, 'rateLimiting')).toEqual({ image: SAMPLE_IMAGE, redis: { skuName: 'Balanced_B0', highAvailability: false } });
    expect(section(prod, 'rateLimiting')).toEqual({
      image: 'crrtpshared.azurecr.io/ratelimiting/limiter:1.0.0',
      registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' },
      redis: { skuName: 'Balanced_B1', highAvailability: true },
      replicas: 3,
    });
  });

  it('overrides only the limiter image with RTP_<ENV>_LIMITER_IMAGE, keeping the real-time image, registry and Redis', () => {
    const limiter = 'crrtpshared.azurecr.io/ratelimiting/limiter:2.0.0';
    const [dev, prod] = loadEnvironments({ env: { RTP_PROD_LIMITER_IMAGE: limiter } });
    expect(section(prod, 'rateLimiting')).toEqual({
      image: limiter,
      registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' },
      redis: { skuName: 'Balanced_B1', highAvailability: true },
      replicas: 3,
    });
    expect(section(prod, 'realtime').image).toBe('crrtpshared.azurecr.io/realtime/patterns:1.0.0');
    expect(dev).toEqual(DEFAULT_ENVIRONMENTS[0]);
  });

  it('merges a file override of rateLimiting: fields given replace the embedded ones, fields left out stay', () => {
    const [, prod] = fromFile({ prod: { rateLimiting: { image: 'crrtpshared.azurecr.io/ratelimiting/limiter:3.0.0', replicas: 3 } } });
    expect(section(prod, 'rateLimiting')).toEqual({
      image: 'crrtpshared.azurecr.io/ratelimiting/limiter:3.0.0', replicas: 3,
      registry: { name: 'crrtpshared', resourceGroupName: 'rg-rtp-shared' },
      redis: { skuName: 'Balanced_B1', highAvailability: true },
    });
  });

  it('merges a file override at every depth: a dev redis override without highAvailability keeps dev\'s false', () => {
    const [dev] = fromFile({ dev: { rateLimiting: { redis: { skuName: 'Balanced_B3' } } } });
    expect(section(dev, 'rateLimiting')).toEqual({ image: SAMPLE_IMAGE, redis: { skuName: 'Balanced_B3', highAvailability: false } });
    const limiter = synthAll([dev]).find((s) => s.name === 'rate-limiting-dev')!;
    expect(resourceOf(limiter.tf, 'azurerm_managed_redis')).toMatchObject({ sku_name: 'Balanced_B3', high_availability_enabled: false });
  });

  it('replaces lists from a file instead of merging them', () => {
    const [dev] = fromFile({ dev: { rateLimiting: { clients: ['partner-a'] } } });
    expect(section(dev, 'rateLimiting').clients).toEqual(['partner-a']);
  });

  it('merges shared objects too: a tags override adds to the embedded tags', () => {
    const [dev] = fromFile({ dev: { tags: { team: 'edge' } } });
    expect(dev.tags).toEqual({ 'cost-center': 'platform', owner: 'platform-team', team: 'edge' });
  });

  it('applies RTP_<ENV>_LIMITER_IMAGE after the file override', () => {
    const [dev] = fromFile({ dev: { rateLimiting: { image: 'example.azurecr.io/limiter:1.0.0', clients: ['a', 'b'] } } },
      { RTP_DEV_LIMITER_IMAGE: 'example.azurecr.io/limiter:9.0.0' });
    expect(section(dev, 'rateLimiting')).toMatchObject({ image: 'example.azurecr.io/limiter:9.0.0', clients: ['a', 'b'], redis: { highAvailability: false } });
  });

  it('fails when RTP_ENVIRONMENTS names an unknown environment', () => {
    const refusal = refusalOf(() => loadEnvironments({ env: { RTP_ENVIRONMENTS: 'dev,staging' } }));
    expect(refusal.message).toBe('[ENV] environments: RTP_ENVIRONMENTS = "dev,staging": there is no environment named staging. Fix: choose from dev, prod.');
  });

  it('fails when the override file is not JSON', () => {
    const refusal = refusalOf(() => loadEnvironments({ env: { RTP_ENVIRONMENTS_FILE: 'envs.json' }, ...files('{dev:') }));
    expect(refusal).toMatchObject({ lesson: 'ENV', setting: 'RTP_ENVIRONMENTS_FILE' });
    expect(refusal.message).toMatch(/^\[ENV\] environments: RTP_ENVIRONMENTS_FILE = "envs\.json": cannot read it as JSON .* Fix: give a JSON object keyed by environment name\.$/);
  });

  it('fails when the override file is not an object of environments', () => {
    expect(refusalOf(() => loadEnvironments({ env: { RTP_ENVIRONMENTS_FILE: 'envs.json' }, ...files('[1]') })).message)
      .toMatch(/^\[ENV\] environments: RTP_ENVIRONMENTS_FILE = "envs\.json": expected a JSON object keyed by environment name\./);
    expect(refusalOf(() => fromFile({ dev: 3 })).message)
      .toBe('[ENV] RTP_ENVIRONMENTS_FILE: dev = 3: each environment is an object of fields to override. Fix: write e.g. {"location": "northeurope"}.');
  });

  it('fails when an override names an unknown field, listing the shared fields and the stack sections', () => {
    const refusal = refusalOf(() => fromFile({ dev: { locaton: 'northeurope' } }));
    expect(refusal).toMatchObject({ lesson: 'ENV', path: 'RTP_ENVIRONMENTS_FILE', setting: 'dev.locaton' });
    expect(refusal.message).toMatch(/: unknown field\. Fix: use name, location, .*, realtime, rateLimiting, apiPatterns, payments\.$/);
  });

  for (const [override, setting] of [
    [{ dev: { network: { addressSpace: '10.50.0.0/16', private: 'false' } } }, 'dev.network.private'],
    [{ dev: { production: 'false' } }, 'dev.production'],
    [{ dev: { realtime: { frontDoor: { waf: 1 } } } }, 'dev.realtime.frontDoor.waf'],
  ] as const) {
    it(`fails when a true-or-false setting is given as something else: a quoted "false" is truthy (${setting})`, () => {
      const refusal = refusalOf(() => fromFile(override));
      expect(refusal).toMatchObject({ lesson: 'ENV', path: 'RTP_ENVIRONMENTS_FILE', setting });
      expect(refusal.message).toContain(': expected true or false. Fix: write ');
    });
  }

  it('takes true and false for those settings', () => {
    const [dev] = fromFile({ dev: { network: { addressSpace: '10.50.0.0/16', private: false }, production: false } });
    expect(dev).toMatchObject({ network: { private: false }, production: false });
  });

  it('fails when an override still puts a real-time field at the top level, saying where it moved', () => {
    const refusal = refusalOf(() => fromFile({ prod: { image: 'x.azurecr.io/a:1' } }));
    expect(refusal.message).toBe('[ENV] RTP_ENVIRONMENTS_FILE: prod.image = "x.azurecr.io/a:1": image belongs to the realtime stack\'s section now. '
      + 'Fix: move it to "prod": {"realtime": {"image": ...}}.');
  });

  it('fails when an override misspells a field at any depth of a section or a shared object', () => {
    const setting = (override: unknown) => refusalOf(() => fromFile({ dev: override })).setting;
    expect(setting({ rateLimiting: { redis: { highAvailabilty: true } } })).toBe('dev.rateLimiting.redis.highAvailabilty');
    expect(setting({ rateLimiting: { limits: { call: 10 } } })).toBe('dev.rateLimiting.limits.call');
    expect(setting({ rateLimiting: { imgae: 'x:1' } })).toBe('dev.rateLimiting.imgae');
    expect(setting({ realtime: { frontDoor: { wfa: true } } })).toBe('dev.realtime.frontDoor.wfa');
    expect(setting({ realtime: { registry: { nam: 'cr' } } })).toBe('dev.realtime.registry.nam');
    expect(setting({ apiManagement: { sku: 'BasicV2_1' } })).toBe('dev.apiManagement.sku');
    expect(setting({ state: { storageAccount: 'st' } })).toBe('dev.state.storageAccount');
    expect(setting({ network: { adressSpace: '10.0.0.0/16' } })).toBe('dev.network.adressSpace');
    expect(refusalOf(() => fromFile({ dev: { realtime: { frontDoor: { wfa: true } } } })).message)
      .toMatch(/: unknown field\. Fix: use sku, waf, clientIpRequestsPerMinute\.$/);
  });

  it('fails when a field that holds an object is given something else', () => {
    expect(refusalOf(() => fromFile({ dev: { realtime: { frontDoor: 'Premium' } } })).message)
      .toBe('[ENV] RTP_ENVIRONMENTS_FILE: dev.realtime.frontDoor = "Premium": expected an object. Fix: write it as {"field": value}.');
  });

  it('fails when RTP_<ENV>_LOCATION is no Azure region, naming the variable, with a did you mean', () => {
    expect(refusalOf(() => loadEnvironments({ env: { RTP_PROD_LOCATION: 'westeurpoe' } })).message)
      .toBe('[ENV] environments: RTP_PROD_LOCATION = "westeurpoe": Azure has no region of that name (the region table of 2026-03-12 lists 72), so terraform apply would fail. Fix: did you mean westeurope? Use a region name as az account list-locations -o table lists it, e.g. westeurope; a region opened after 2026-03-12: AzureRegion.allow(\'<name>\') before the stacks are built.');
  });

  it('fails when an environment file gives no Azure region, naming the field, with a did you mean', () => {
    expect(refusalOf(() => fromFile({ test: { location: 'swedencentrl' } })).message)
      .toBe('[ENV] RTP_ENVIRONMENTS_FILE: test.location = "swedencentrl": Azure has no region of that name (the region table of 2026-03-12 lists 72), so terraform apply would fail. Fix: did you mean swedencentral? Use a region name as az account list-locations -o table lists it, e.g. westeurope; a region opened after 2026-03-12: AzureRegion.allow(\'<name>\') before the stacks are built.');
  });

  it('fails when a location is far from every region, without a guess', () => {
    expect(refusalOf(() => fromFile({ dev: { location: 'mars' } })).message)
      .toBe('[ENV] RTP_ENVIRONMENTS_FILE: dev.location = "mars": Azure has no region of that name (the region table of 2026-03-12 lists 72), so terraform apply would fail. Fix: Use a region name as az account list-locations -o table lists it, e.g. westeurope; a region opened after 2026-03-12: AzureRegion.allow(\'<name>\') before the stacks are built.');
  });

  it('fails when a location is not a string', () => {
    expect(refusalOf(() => fromFile({ dev: { location: 1 } })).message)
      .toBe('[ENV] RTP_ENVIRONMENTS_FILE: dev.location = 1: expected the name of an Azure region. Fix: write e.g. "westeurope".');
  });

  it('accepts the display name the providers normalize, and stores the region name', () => {
    expect(loadEnvironments({ env: { RTP_DEV_LOCATION: 'West Europe' } })[0].location).toBe('westeurope');
    expect(fromFile({ prod: { location: 'North Europe' } })[1].location).toBe('northeurope');
  });

  it('puts prod on the private network by default and leaves dev public (issue 12)', () => {
    const [dev, prod] = loadEnvironments({ env: {} });
    expect(prod.network).toEqual({ addressSpace: '10.40.0.0/16', private: true });
    expect(dev.network).toBeUndefined();
  });

  it('lets an environment file opt dev into the private network: each stack gets its own /20', () => {
    const [dev] = fromFile({ dev: { network: { addressSpace: '10.50.0.0/16', private: true }, apiManagement: { skuName: 'StandardV2_1' } } });
    const names = Object.fromEntries(synthAll([dev]).map((s) => [s.name, s.tf]));
    expect(resourceOf(names['realtime-dev'], 'azurerm_virtual_network').address_space).toEqual(['10.50.0.0/20']);
    expect(resourceOf(names['rate-limiting-dev'], 'azurerm_virtual_network').address_space).toEqual(['10.50.16.0/20']);
    expect(resourceOf(names['payments-dev'], 'azurerm_virtual_network').address_space).toEqual(['10.50.48.0/20']);
    // Outside production the environment is in the network but not zone-redundant (cheaper).
    expect(resourceOf(names['rate-limiting-dev'], 'azurerm_container_app_environment').zone_redundancy_enabled).toBeUndefined();
  });

  it('fails when an environment on the private network keeps a Basic v2 gateway, which cannot reach the internal limiter', () => {
    const [dev] = fromFile({ dev: { network: { addressSpace: '10.50.0.0/16', private: true } } });
    expect(refusalOf(() => synthAll([dev]))).toMatchObject({ lesson: 'AZURE', path: 'rate-limiting-dev/gateway', setting: 'outboundSubnet' });
  });

  it('fails when the environment\'s range is too small for a /22 per stack', () => {
    const [dev] = fromFile({ dev: { network: { addressSpace: '10.50.0.0/20', private: true } } });
    const r = refusalOf(() => synthAll([dev]));
    expect(r).toMatchObject({ lesson: 'AZURE', path: 'realtime-dev', setting: 'network.addressSpace' });
    expect(r.message).toMatch(/= "10\.50\.0\.0\/20": each stack takes a sixteenth.* Fix: give the environment a \/18 or larger/);
  });
});

describe('loadEnvironments on the Terraform state backend (AZURE names, checked at load: terraform init is after the synth)', () => {
  it('fails when RTP_<ENV>_STATE_STORAGE_ACCOUNT is not a storage account name Azure takes', () => {
    expect(refusalOf(() => loadEnvironments({ env: { RTP_PROD_STATE_STORAGE_ACCOUNT: 'st-contoso-tfstate' } })).message).toBe(
      '[ENV] environment prod: state.storageAccountName = "st-contoso-tfstate": Azure rejects this storage account name (18 characters), so terraform init fails. Fix: use 3-24 characters: lower-case letters and digits only.',
    );
  });

  it('fails when the file gives a storage account name longer than 24 characters', () => {
    expect(refusalOf(() => fromFile({ dev: { state: { storageAccountName: 'stcontosoterraformstate01' } } })).message).toMatch(
      /^\[ENV\] environment dev: state\.storageAccountName = "stcontosoterraformstate01": Azure rejects this storage account name \(25 characters\)/,
    );
  });

  it('fails when the container name has capitals or a double hyphen, and names the rule', () => {
    for (const containerName of ['TfState', 'tf--state', 'tf', 'tfstate-']) {
      const refusal = refusalOf(() => fromFile({ dev: { state: { storageAccountName: 'stcontosotfstate', containerName } } }));
      expect(refusal.message).toBe(`[ENV] environment dev: state.containerName = ${JSON.stringify(containerName)}: Azure rejects this blob container name (${containerName.length} characters), so terraform init fails. Fix: use 3-63 characters: lower-case letters, digits and single hyphens, starting and ending with a letter or digit.`);
    }
  });

  it('fails when the state section names a container but no storage account', () => {
    expect(refusalOf(() => fromFile({ dev: { state: { containerName: 'tfstate' } } })).message).toBe(
      '[ENV] environment dev: state.storageAccountName = undefined: the state section names no storage account, so the backend has nowhere to keep the state. Fix: set state.storageAccountName (or RTP_<ENV>_STATE_STORAGE_ACCOUNT), or leave state out for a local state file.',
    );
  });

  it('fails when the state resource group ends with a period', () => {
    expect(refusalOf(() => fromFile({ dev: { state: { storageAccountName: 'stcontosotfstate', resourceGroupName: 'rg-state.' } } })).setting).toBe('state.resourceGroupName');
  });

  it('accepts a valid state backend', () => {
    const [dev] = fromFile({ dev: { state: { storageAccountName: 'stcontosotfstate', containerName: 'tf-state-01', resourceGroupName: 'rg-state' } } });
    expect(dev.state).toEqual({ storageAccountName: 'stcontosotfstate', containerName: 'tf-state-01', resourceGroupName: 'rg-state' });
  });
});

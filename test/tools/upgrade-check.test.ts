import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App, TerraformStack } from 'cdktf';
import { Construct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AzurermProvider } from '@cdktf/provider-azurerm/lib/provider';
import { ConstructMoves } from '../../constructs/core/construct-moves';
import { PublicNetworkAccess } from '../../constructs/core/network';
import { StorageAccount } from '../../constructs/storage/storage-account';
import { classify, describeLoss, parseAnnouncements, statefulCategory, unannounced } from '../../tools/upgrade-check/classify.mjs';
import type { StackResult } from '../../tools/upgrade-check/classify.mjs';
import { checkUpgrade } from '../../tools/upgrade-check/plan-upgrade.mjs';

// The upgrade check (npm run check:upgrade, issue 29): what a plan against the old version's state
// replaces, destroys and moves, and the CHANGELOG's announcements it fails without. The last
// describe plans with the real providers: it runs where TF_CLI_CONFIG_FILE names the provider
// mirror (.ci/run's real-provider step, or `../shared/terraform/unpack DIR` by hand).

const change = (address: string, actions: string[], before: Record<string, unknown> | null, extra: Record<string, unknown> = {}) => ({
  address, mode: 'managed', type: address.split('.')[0], name: address.split('.')[1],
  change: { actions, before, after: actions.includes('create') ? { ...(before ?? {}), ...(extra.after as object ?? {}) } : before },
  ...extra,
});

describe('what an upgrade plan does to existing resources', () => {
  it('puts stateful replacements and destroys first: data, secrets, identities, grants, then the rest', () => {
    const { losses, counts } = classify([
      change('azurerm_container_app.app_1', ['delete', 'create'], { name: 'ca-x', identity: [{ type: 'UserAssigned' }] }),
      change('azurerm_role_assignment.grant_1', ['create', 'delete'], { principal_id: 'p' }, { change: { actions: ['create', 'delete'], before: {}, after: {}, replace_paths: [['principal_id']] } }),
      change('azurerm_user_assigned_identity.id_1', ['delete', 'create'], { name: 'id-x' }),
      change('azurerm_key_vault.vault_1', ['delete'], { name: 'kv-x' }),
      change('azurerm_storage_account.storage_1', ['delete', 'create'], { name: 'stx' }, { action_reason: 'replace_because_cannot_update' }),
      change('azurerm_resource_group.rg_1', ['update'], { name: 'rg' }),
      change('azurerm_monitor_action_group.alerts_1', ['no-op'], { name: 'ag' }),
    ]);
    expect(losses.map((l) => [l.category ?? '-', l.action, l.address])).toEqual([
      ['data', 'replace', 'azurerm_storage_account.storage_1'],
      ['secret', 'destroy', 'azurerm_key_vault.vault_1'],
      ['identity', 'replace', 'azurerm_user_assigned_identity.id_1'],
      ['grant', 'replace', 'azurerm_role_assignment.grant_1'],
      ['-', 'replace', 'azurerm_container_app.app_1'],
    ]);
    expect(losses[3].paths).toEqual(['principal_id']);
    expect(counts).toMatchObject({ replace: 4, delete: 1, update: 1, 'no-op': 1 });
  });

  it('knows AzAPI resources by their Azure type, and a resource with a system-assigned identity as an identity', () => {
    expect(statefulCategory('azapi_resource', { type: 'Microsoft.KeyVault/vaults/secrets@2024-11-01' })).toBe('secret');
    expect(statefulCategory('azapi_resource', { type: 'Microsoft.Cache/redisEnterprise/databases/accessPolicyAssignments@2025-07-01' })).toBe('grant');
    expect(statefulCategory('azapi_resource', { type: 'Microsoft.Storage/storageAccounts/tableServices/tables@2023-05-01' })).toBe('data');
    expect(statefulCategory('azapi_resource', { type: 'Microsoft.Web/sites@2024-04-01', identity: [{ type: 'SystemAssigned' }] })).toBe('identity');
    expect(statefulCategory('azapi_resource', { type: 'Microsoft.ApiManagement/service/loggers@2024-05-01' })).toBeUndefined();
    expect(statefulCategory('azurerm_api_management', { identity: [{ type: 'SystemAssigned' }] })).toBe('data');
    expect(statefulCategory('azurerm_monitor_metric_alert', {})).toBeUndefined();
  });

  it('reports moves, and a destroy whose resource is created again at another address as a rename without a moved block', () => {
    const { losses, moves } = classify([
      change('azurerm_storage_queue.orders-storage_jobs_2', ['no-op'], { name: 'jobs' }, { previous_address: 'azurerm_storage_queue.storage_jobs_1' }),
      change('azurerm_storage_account.storage_1', ['delete'], { name: 'stx' }, { action_reason: 'delete_because_no_resource_config' }),
      { ...change('azurerm_storage_account.orders_2', ['create'], null), change: { actions: ['create'], before: null, after: { name: 'stx' } } },
    ]);
    expect(moves).toEqual([{ from: 'azurerm_storage_queue.storage_jobs_1', to: 'azurerm_storage_queue.orders-storage_jobs_2', actions: 'no-op' }]);
    expect(losses).toEqual([expect.objectContaining({ address: 'azurerm_storage_account.storage_1', action: 'destroy', category: 'data', recreatedAs: 'azurerm_storage_account.orders_2' })]);
    expect(describeLoss(losses[0])).toBe('UNANNOUNCED DESTROY data store: azurerm_storage_account.storage_1 (stx): delete because no resource config; created again as azurerm_storage_account.orders_2: its address changed without a moved block (ConstructMoves)');
  });

  it('counts a replacement that prevent_destroy stopped the plan at', () => {
    const { losses } = classify([], [{ severity: 'error', address: 'azurerm_key_vault.vault_1', summary: 'Instance cannot be destroyed' }]);
    expect(losses).toEqual([expect.objectContaining({ address: 'azurerm_key_vault.vault_1', category: 'secret', action: 'replace or destroy' })]);
  });
});

describe('the CHANGELOG\'s announcements of replacements', () => {
  const changelog = [
    '# Changelog', '', '## Unreleased', '', '### Behaviour changes for consumers', '- `azurerm_key_vault.vault_1` is not an announcement here.', '',
    '### Replaced or destroyed on upgrade',
    '- `payments-prod` `azurerm_storage_account.storage_account_1A2B3C4D`: the account moves to ZRS; copy the queues first.',
    '- `azurerm_user_assigned_identity.worker_*`: every stack; the grants follow.', '* `realtime-*` `azurerm_role_assignment.pull_*`: re-granted.', '',
    '### Other', '- `azurerm_key_vault.vault_2`: not under the heading.', '',
    '## 0.2.0 (2026-12-06)', '', '### Replaced or destroyed on upgrade', '- `azurerm_redis_cache.old`: an earlier release\'s.',
  ].join('\n');

  it('reads the list under "### Replaced or destroyed on upgrade" in the Unreleased section only: stack and address, or the address for every stack', () => {
    expect(parseAnnouncements(changelog).map(({ stack, address }) => [stack, address])).toEqual([
      ['payments-prod', 'azurerm_storage_account.storage_account_1A2B3C4D'],
      ['*', 'azurerm_user_assigned_identity.worker_*'],
      ['realtime-*', 'azurerm_role_assignment.pull_*'],
    ]);
  });

  it('fails on a stateful loss no announcement covers, in that stack; not on an announced one, a stateless one or one the old version made too', () => {
    const result = (stack: string, losses: StackResult['losses']): StackResult => ({ stack, losses, moves: [], counts: {}, errors: [] });
    const loss = (address: string, category?: string, preexisting = false) => ({ address, type: address.split('.')[0], action: 'replace', category, paths: [], preexisting });
    const failing = unannounced([
      result('payments-prod', [loss('azurerm_storage_account.storage_account_1A2B3C4D', 'data'), loss('azurerm_container_app.app', undefined)]),
      result('payments-dev', [loss('azurerm_storage_account.storage_account_1A2B3C4D', 'data'), loss('azurerm_key_vault.v', 'secret', true)]),
      result('realtime-dev', [loss('azurerm_role_assignment.pull_9', 'grant'), loss('azurerm_user_assigned_identity.worker_1', 'identity')]),
    ], parseAnnouncements(changelog));
    expect(failing.map((f) => `${f.stack} ${f.address}`)).toEqual(['payments-dev azurerm_storage_account.storage_account_1A2B3C4D']);
  });
});

/** The providers' mirror as CI configures it; the planning tests run only with it. */
const mirror = process.env.TF_CLI_CONFIG_FILE && existsSync(process.env.TF_CLI_CONFIG_FILE) && spawnSync('terraform', ['version'], { encoding: 'utf8' }).status === 0;

/** Synthesizes `build` into `dir`: the stacks' directories by name. */
function synthesize(dir: string, build: (app: App) => void): Record<string, string> {
  const app = new App({ outdir: dir });
  build(app);
  app.synth();
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { stacks: Record<string, { name: string; workingDirectory: string }> };
  return Object.fromEntries(Object.values(manifest.stacks).map((s) => [s.name, join(dir, s.workingDirectory)]));
}

function stack(app: App, id: string): TerraformStack {
  const s = new TerraformStack(app, id);
  new AzurermProvider(s, 'azurerm', { features: [{}] });
  return s;
}

const storage = (scope: Construct, id: string, name: string) =>
  new StorageAccount(scope, id, { name, resourceGroupName: 'rg-upgrade', location: 'westeurope', publicNetworkAccess: PublicNetworkAccess.ENABLED });

describe.skipIf(!mirror)('the upgrade check, planned with the real providers (TF_CLI_CONFIG_FILE names the mirror)', () => {
  let work: string;
  let results: StackResult[];
  let failing: Awaited<ReturnType<typeof checkUpgrade>>['failing'];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'upgrade-check-test-'));
    const old = synthesize(join(work, 'old'), (app) => {
      storage(stack(app, 'replaced'), 'storage', 'stupgradeold').addQueue('jobs');
      storage(stack(app, 'renamed'), 'storage', 'stupgraderename').addQueue('jobs');
      storage(stack(app, 'renamed-without-moves'), 'storage', 'stupgradenomove');
    });
    const next = synthesize(join(work, 'new'), (app) => {
      // A new name: Azure cannot rename a storage account, so the provider replaces it.
      storage(stack(app, 'replaced'), 'storage', 'stupgradenew').addQueue('jobs');
      const renamed = storage(stack(app, 'renamed'), 'orders-storage', 'stupgraderename');
      ConstructMoves.renamedFrom(renamed, 'storage');
      renamed.addQueue('jobs');
      storage(stack(app, 'renamed-without-moves'), 'orders-storage', 'stupgradenomove');
    });
    const pairs = Object.keys(old).sort().map((name) => ({ stack: name, oldDir: old[name], newDir: next[name] }));
    ({ results, failing } = await checkUpgrade({ pairs, announcements: [], workRoot: join(work, 'plans'), jobs: 2 }));
  }, 600_000);

  afterAll(() => { if (work) rmSync(work, { recursive: true, force: true }); });

  const of = (name: string) => results.find((r) => r.stack === name)!;

  it('plans every stack without errors', () => {
    expect(results.map((r) => [r.stack, r.errors])).toEqual([['renamed', []], ['renamed-without-moves', []], ['replaced', []]]);
  });

  it('sees moved in the plan for a construct renamed with ConstructMoves: nothing replaced or destroyed', () => {
    expect(of('renamed').losses).toEqual([]);
    expect(of('renamed').moves.map((m) => [m.from.split('.')[0], m.to.split('.')[0], m.actions])).toEqual([
      ['azurerm_storage_account', 'azurerm_storage_account', 'no-op'],
      ['azurerm_storage_queue', 'azurerm_storage_queue', 'no-op'],
    ]);
    expect(of('renamed').moves.every((m) => m.from.includes('.storage_') && m.to.includes('.orders-storage_'))).toBe(true);
  });

  it('sees the same rename without ConstructMoves destroy the account and create another, and names the cause', () => {
    expect(of('renamed-without-moves').moves).toEqual([]);
    expect(of('renamed-without-moves').losses).toEqual([expect.objectContaining({
      action: 'destroy', category: 'data', recreatedAs: expect.stringMatching(/^azurerm_storage_account\.orders-storage_account_/),
    })]);
  });

  it('fails the check when a storage account is replaced and the CHANGELOG does not announce it, and passes once it does', () => {
    const account = of('replaced').losses.find((l) => l.type === 'azurerm_storage_account');
    expect(account).toMatchObject({ action: 'replace', category: 'data', paths: ['name'] });
    expect(account!.reason).toContain('lifecycle.prevent_destroy');
    // The queue goes with its account.
    expect(of('replaced').losses.map((l) => l.type)).toEqual(['azurerm_storage_account', 'azurerm_storage_queue']);
    expect(failing.filter((f) => f.stack === 'replaced').map((f) => f.address)).toEqual(of('replaced').losses.map((l) => l.address));
    expect(failing.map((f) => f.stack)).not.toContain('renamed');
    const announced = parseAnnouncements(`## Unreleased\n\n### Replaced or destroyed on upgrade\n- \`replaced\` \`${account!.address}\`: a new name.\n- \`replaced\` \`azurerm_storage_queue.*\`: goes with the account.\n`);
    expect(unannounced(results.filter((r) => r.stack === 'replaced'), announced)).toEqual([]);
  });
});

describe('npm run check:upgrade', () => {
  it('refuses an unknown option and a --from that is no tag, commit or release commit, with usage', () => {
    const root = resolve(__dirname, '..', '..');
    const run = (...args: string[]) => spawnSync(process.execPath, [join(root, 'tools', 'upgrade-check', 'run.mjs'), ...args], { cwd: root, encoding: 'utf8' });
    const unknown = run('--frm', 'v0.2.0');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown option --frm\nusage: npm run check:upgrade -- [--from <tag|commit>]');
    const missing = run('--from', 'v99.0.0');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('--from v99.0.0: no such tag or commit, and no commit whose subject is "Release v99.0.0"\n');
    expect(execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root, encoding: 'utf8' }).trim()).toBe('true');
  });
});

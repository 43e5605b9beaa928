import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFLIGHT_FILE } from '../../constructs/core/deploy-requirements';
import { PreflightCommand } from '../../constructs/preflight/command';
import { PreflightReport } from '../../constructs/preflight/types';
import { FakeAzure, startFakeAzure } from '../support/fake-azure';
import { EVENT_GRID_APP, MANIFEST, ROOT, TSX, isolatedEnv, readyTenant, run, scratch, writeJson } from '../support/preflight-fixtures';

/**
 * `azure-preflight` as a team runs it: its own process, DefaultAzureCredential (here a managed
 * identity: the fake's App Service token endpoint on 127.0.0.1), the fake Resource Manager and
 * Graph over HTTPS on 127.0.0.1. Exit codes 0 ready, 1 missing, 2 usage.
 */
const READY = '00000000-0000-4000-8000-0000000000a1';
const NO_PRINCIPAL = '00000000-0000-4000-8000-0000000000a2';
const CONDITIONAL = '00000000-0000-4000-8000-0000000000a3';
/** The deployer may create role assignments only under a condition: the check cannot know, so those requirements are unknown. */
const RBAC_ADMINISTRATOR = 'f58310d9-a9f6-439a-9e8d-f62e7b41a168';

let fake: FakeAzure;
let work: { dir: string; remove: () => void };
let stackDir: string;

beforeAll(async () => {
  const conditional = readyTenant(CONDITIONAL);
  fake = await startFakeAzure(new Map([[READY, readyTenant(READY)], [NO_PRINCIPAL, { ...readyTenant(NO_PRINCIPAL), servicePrincipals: {} }], [CONDITIONAL, {
    ...conditional,
    roleAssignments: conditional.roleAssignments.map((a) => (a.roleDefinitionId.endsWith(RBAC_ADMINISTRATOR) ? { ...a, condition: '@Request[Microsoft.Authorization/roleAssignments:RoleDefinitionId] ForAnyOfAnyValues:GuidEquals {7f951dda-4ed3-4680-a7ca-43fe172d538d}' } : a)),
  }]]));
  work = scratch();
  stackDir = join(work.dir, 'cdktf.out', 'stacks', 'orders-prod');
  mkdirSync(stackDir, { recursive: true });
  writeJson(join(stackDir, PREFLIGHT_FILE), MANIFEST);
});

afterAll(async () => {
  await fake?.close();
  work?.remove();
});

/** The command in a process of its own, signed in as the tenant's deployer through the managed-identity endpoint. */
function preflight(subscriptionId: string, args: string[]) {
  fake.tokenTenant = subscriptionId;
  return run(TSX, [join(ROOT, 'constructs', 'preflight', 'main.ts'), '--resource-manager-endpoint', fake.url, '--graph-endpoint', fake.graphUrl(subscriptionId), ...args], isolatedEnv({
    NODE_EXTRA_CA_CERTS: fake.caFile, IDENTITY_ENDPOINT: fake.tokenUrl, IDENTITY_HEADER: 'fake-identity-header', ARM_SUBSCRIPTION_ID: subscriptionId,
  }), work.dir);
}

describe('azure-preflight', () => {
  it('exits 0 and says ready when every requirement is met, signed in with DefaultAzureCredential', async () => {
    const out = await preflight(READY, ['cdktf.out/stacks/orders-prod']);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`azure-preflight orders-prod: subscription ${READY}, tenant 22222222-0000-4000-8000-000000000001, deployer service-principal 44444444-0000-4000-8000-000000000001 (object id 33333333-0000-4000-8000-000000000001; Graph permissions: AppRoleAssignment.ReadWrite.All, Application.Read.All, Application.ReadWrite.OwnedBy)`);
    expect(lines[1]).toBe(`OK      service principal ${EVENT_GRID_APP} (Microsoft.EventGrid): the tenant has it (Microsoft.EventGrid, object id 55555555-0000-4000-8000-000000000001).`);
    expect(lines.at(-1)).toBe('20 ok, 0 missing, 0 unknown: ready to deploy');
    // The tokens came from the managed-identity endpoint, for Resource Manager and for Graph.
    expect(fake.requests).toContain(`TOKEN ${fake.url}`);
    expect(fake.requests).toContain(`TOKEN ${fake.graphUrl(READY)}`);
  }, 60_000);

  it('exits 1 with the fix when a requirement is missing; a stack name is looked up in cdktf.out/stacks', async () => {
    const out = await preflight(NO_PRINCIPAL, ['orders-prod']);
    expect(out.status).toBe(1);
    expect(out.stdout).toContain([
      `MISSING service principal ${EVENT_GRID_APP} (Microsoft.EventGrid): the tenant has no service principal for this application: the plan fails looking it up.`,
      `        Fix: az ad sp create --id ${EVENT_GRID_APP}`,
    ].join('\n'));
    expect(out.stdout.trimEnd().split('\n').at(-1)).toBe('19 ok, 1 missing, 0 unknown: not ready');
  }, 60_000);

  it('exits 0 with requirements it cannot know, and 1 with --strict (a gate that means something when the plan identity cannot read everything)', async () => {
    const lenient = await preflight(CONDITIONAL, ['orders-prod']);
    expect(lenient.status).toBe(0);
    expect(lenient.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ ok, 0 missing, [1-9]\d* unknown: ready to deploy/);
    const strict = await preflight(CONDITIONAL, ['--strict', 'orders-prod']);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain('UNKNOWN');
  }, 60_000);

  it('writes the report as JSON with --json, the subscription from --subscription', async () => {
    const out = await preflight(NO_PRINCIPAL, ['--json', '--subscription', NO_PRINCIPAL, join(stackDir, PREFLIGHT_FILE)]);
    expect(out.status).toBe(1);
    const report = JSON.parse(out.stdout) as PreflightReport;
    expect(report).toMatchObject({ stack: 'orders-prod', subscriptionId: NO_PRINCIPAL, ready: false, counts: { ok: 19, missing: 1, unknown: 0 } });
    expect(report.results[0]).toMatchObject({ status: 'missing', fix: `az ad sp create --id ${EVENT_GRID_APP}` });
  }, 60_000);
});

describe('azure-preflight usage (exit 2, nothing asked of Azure)', () => {
  const noCredential = { getToken: () => Promise.reject(new Error('no Azure call expected')) };
  const execute = (args: string[], env: Record<string, string> = { ARM_SUBSCRIPTION_ID: READY }) => PreflightCommand.execute(args, work.dir, env, noCredential);

  it('fails when no subscription is given', async () => {
    const out = await execute(['orders-prod'], {});
    expect(out.exitCode).toBe(2);
    expect(out.stderr.split('\n')[0]).toBe('azure-preflight: give the subscription the stack deploys to: --subscription ID or ARM_SUBSCRIPTION_ID.');
  });

  it('fails when no stack is given', async () => {
    const out = await execute([]);
    expect(out).toMatchObject({ exitCode: 2, stdout: '' });
    expect(out.stderr.split('\n')[0]).toBe('azure-preflight: give the stack to check.');
  });

  it('fails when the stack was not synthesized', async () => {
    const out = await execute(['payments-prod']);
    expect(out.exitCode).toBe(2);
    expect(out.stderr.split('\n')[0]).toBe('azure-preflight: payments-prod: no such stack directory, preflight.json or synthesized stack (cdktf.out/stacks/payments-prod); synthesize first (npm run synth, or cdktf synth).');
  });

  it('fails when an option is unknown or lacks its value', async () => {
    expect((await execute(['--lenient', 'orders-prod'])).stderr.split('\n')[0]).toBe('azure-preflight: unknown option --lenient.');
    expect((await execute(['orders-prod', '--subscription'])).stderr.split('\n')[0]).toBe('azure-preflight: --subscription needs a value.');
    expect((await execute(['orders-prod', 'payments-prod'])).exitCode).toBe(2);
  });

  it('fails when the file is not a preflight manifest', async () => {
    writeJson(join(work.dir, 'other.json'), { version: 2, stack: 'x', requirements: [] });
    const out = await execute(['other.json']);
    expect(out.exitCode).toBe(2);
    expect(out.stderr.split('\n')[0]).toContain('other.json is not a preflight manifest of version 1');
  });

  it('prints its usage with --help and exits 0', async () => {
    const out = await execute(['--help']);
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toContain('exit codes: 0 ready, 1 a requirement is missing (with --strict: or unknown), 2 usage');
  });
});

// Runs Preflight.check in a process of its own, so NODE_EXTRA_CA_CERTS (the fake's self-signed
// certificate) is read at start-up, as Node reads it only then. Input: a JSON file (argv[2]) with
// the manifest and the runs; output: the reports, as a JSON array, on stdout.
import { readFileSync } from 'node:fs';
import { PreflightManifest } from '../../constructs/core/deploy-requirements';
import { Preflight } from '../../constructs/preflight/preflight';
import { FakeTenant, fakeToken } from './fake-azure';

interface Run { subscriptionId: string; armUrl: string; graphUrl: string; tenant: FakeTenant; deployerObjectId?: string }

const input = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { manifest: PreflightManifest; runs: Run[] };
(async () => {
  const reports = [];
  for (const run of input.runs) {
    const credential = { getToken: async (scopes: string[]) => ({ token: fakeToken(run.tenant, scopes[0].replace(/\/\.default$/, '')), expiresOnTimestamp: Date.now() + 3_600_000 }) };
    reports.push(await Preflight.check(input.manifest, credential, { subscriptionId: run.subscriptionId, resourceManagerEndpoint: run.armUrl, graphEndpoint: run.graphUrl, ...(run.deployerObjectId ? { deployerObjectId: run.deployerObjectId } : {}) }));
  }
  process.stdout.write(JSON.stringify(reports));
})().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});

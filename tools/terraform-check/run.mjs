// `npm run check:terraform`: what the real providers say about every synthesized stack, before anyone runs
// `terraform apply`. For every stack of every environment and every docs/examples stack (dev and prod):
// `terraform init`, `terraform validate`, and an offline first plan (no state, `-refresh=false`). With
// `--second-plan`, also a plan against a state that holds what the first plan would create, as Azure returns
// it (second-plan.mjs): a stack that would be updated or replaced on every later apply fails there; then a
// plan as a second identity (another object id from the token endpoint) against that state: a stack that a
// deploy by another identity would change (owners, role assignments keyed on the deployer) fails there.
//
// Providers come from the registry, as in any team's CI, or from a filesystem mirror when TF_CLI_CONFIG_FILE
// names one (`../shared/terraform/unpack DIR` writes it). Credentials are never needed: a token endpoint on
// 127.0.0.1 answers the providers' managed-identity requests, and provider settings for that go into an
// override file next to a copy of each stack, never into the stack. No request leaves the machine.
//
// Usage: node tools/terraform-check/run.mjs [--only REGEX] [--jobs N] [--second-plan] [--keep] [--json FILE]
// Exit: 0 no errors and no warnings; 1 an error or warning in some stack; 2 bad usage or Terraform missing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { offlineCopy, offlineEnvironment } from './offline-config.mjs';
import { inWorkers, planStream, terraform, uniqueDiagnostics, validateDiagnostics } from './terraform.mjs';
import { secondIdentityPlan, secondPlan } from './second-plan.mjs';
import { addDescribedIds } from './stand-in-ids.mjs';
import { SECOND_IDENTITY, startTokenServer } from './token-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const USAGE = 'usage: npm run check:terraform -- [--only REGEX] [--jobs N] [--second-plan] [--keep] [--json FILE]';

function parseArgs(argv) {
  const options = { only: undefined, jobs: 2, secondPlan: false, keep: false, json: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      i += 1;
      return argv[i];
    };
    if (arg === '--only') options.only = new RegExp(value());
    else if (arg === '--jobs') options.jobs = Number.parseInt(value(), 10);
    else if (arg === '--second-plan') options.secondPlan = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--json') options.json = resolve(value());
    else throw new Error(`unknown option ${arg}`);
  }
  if (!Number.isInteger(options.jobs) || options.jobs < 1) throw new Error('--jobs takes a whole number of 1 or more');
  return options;
}

function terraformVersion() {
  try {
    return JSON.parse(execFileSync('terraform', ['version', '-json'], { encoding: 'utf8', env: { ...process.env, CHECKPOINT_DISABLE: '1' } })).terraform_version;
  } catch {
    return undefined;
  }
}

async function checkStack(stack, workRoot, msi, env, options, secondIdentity) {
  const dir = join(workRoot, `${stack.group}-${stack.name}`);
  mkdirSync(dir, { recursive: true });
  const result = { stack: `${stack.group === 'examples' ? 'docs/examples ' : ''}${stack.name}`, times: {}, diagnostics: [], actions: {}, standIns: [] };
  const fail = (summary, detail) => { result.diagnostics.push({ severity: 'error', address: '(check)', summary, detail }); return result; };
  let copy;
  try {
    copy = offlineCopy(JSON.parse(readFileSync(join(stack.dir, 'cdk.tf.json'), 'utf8')), msi);
  } catch (error) {
    return fail('the stack cannot be planned offline', error.message);
  }
  result.standIns = copy.standIns;
  writeFileSync(join(dir, 'cdk.tf.json'), JSON.stringify(copy.config, null, 2));
  writeFileSync(join(dir, 'offline_override.tf.json'), JSON.stringify(copy.override, null, 2));

  const init = await terraform(['init', '-input=false', '-no-color'], dir, env);
  result.times.init = init.seconds;
  if (init.code !== 0) return fail('terraform init failed', `${init.stdout}${init.stderr}`.trim().split('\n').slice(-15).join(' '));

  const validate = await terraform(['validate', '-json', '-no-color'], dir, env);
  result.times.validate = validate.seconds;
  const validateFound = validateDiagnostics(validate.stdout);

  const plan = await terraform(['plan', '-json', '-refresh=false', '-lock=false', '-input=false', '-out=first.tfplan'], dir, env);
  result.times.plan = plan.seconds;
  const planned = planStream(plan.stdout);
  if (plan.code !== 0 && planned.diagnostics.every((d) => d.severity !== 'error')) {
    planned.diagnostics.push({ severity: 'error', address: '(plan)', summary: 'terraform plan failed', detail: plan.stderr.trim().slice(0, 800) });
  }
  result.actions = planned.actions;
  result.diagnostics = uniqueDiagnostics(validateFound, planned.diagnostics);

  if (options.secondPlan && plan.code === 0) {
    const second = await secondPlan(dir, env, stack.name);
    result.times.secondPlan = second.seconds;
    result.secondPlan = { changes: second.changes, stateAdjustments: second.adjustments };
    result.diagnostics.push(...second.diagnostics);
    // Then as another identity, against that state: a deploy from a laptop after CI plans nothing.
    if (secondIdentity && second.diagnostics.length === 0) {
      const identity = await secondIdentityPlan(dir, secondIdentity.env, offlineCopy(JSON.parse(readFileSync(join(stack.dir, 'cdk.tf.json'), 'utf8')), secondIdentity.msi).override);
      result.times.secondIdentity = identity.seconds;
      result.secondIdentity = { objectId: SECOND_IDENTITY.objectId, changes: identity.changes };
      result.diagnostics.push(...identity.diagnostics);
    }
  }
  if (!options.keep) rmSync(dir, { recursive: true, force: true });
  return result;
}

/** A stack whose check throws is a stack with an error, not the end of the run. */
async function checkStackSafely(stack, workRoot, msi, env, options, secondIdentity) {
  try {
    return await checkStack(stack, workRoot, msi, env, options, secondIdentity);
  } catch (error) {
    return {
      stack: `${stack.group === 'examples' ? 'docs/examples ' : ''}${stack.name}`, times: {}, actions: {}, standIns: [],
      diagnostics: [{ severity: 'error', address: '(check)', summary: 'the check itself failed on this stack', detail: String(error?.stack ?? error) }],
    };
  }
}

function report(result) {
  const count = (severity) => result.diagnostics.filter((d) => d.severity === severity).length;
  const time = Object.entries(result.times).map(([step, s]) => `${step} ${s.toFixed(1)} s`).join(', ');
  const a = result.actions;
  const actions = ['create', 'update', 'replace', 'delete', 'read'].filter((k) => a[k]).map((k) => `${a[k]} ${k}`).join(', ') || 'no changes';
  const lines = [`${count('error') || count('warning') ? 'FAIL' : 'ok  '} ${result.stack}: ${actions}; ${count('error')} errors, ${count('warning')} warnings (${time})`];
  if (result.standIns.length) lines.push(`       stand-ins for data sources read at plan: ${result.standIns.join(', ')}`);
  if (result.secondPlan) {
    const changes = result.secondPlan.changes;
    lines.push(`       second plan, against what Azure returns: ${changes.length === 0 ? 'no changes' : `${changes.length} changes`}`);
  }
  if (result.secondIdentity) {
    const changes = result.secondIdentity.changes;
    lines.push(`       second identity (object id ${result.secondIdentity.objectId}), against that state: ${changes.length === 0 ? 'no changes' : `${changes.length} changes`}`);
  }
  for (const d of result.diagnostics) lines.push(`       ${d.severity.toUpperCase()} ${d.address}: ${d.summary}${d.detail ? `: ${d.detail}` : ''}`);
  return lines.join('\n');
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    return 2;
  }
  const version = terraformVersion();
  if (!version) {
    process.stderr.write('terraform is not on the PATH. Install Terraform 1.11.4 (or later 1.x) from your package source, or build it with: go install github.com/hashicorp/terraform@v1.11.4\n');
    return 2;
  }
  const started = Date.now();
  const workRoot = mkdtempSync(join(tmpdir(), 'rtp-terraform-check-'));
  const outdir = join(workRoot, 'synth');
  let synthOutput;
  try {
    synthOutput = execFileSync('npx', ['tsx', join(root, 'tools', 'terraform-check', 'synth.ts'), outdir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  } catch {
    process.stderr.write('synthesis failed (its error is above): nothing was planned\n');
    return 1;
  }
  const serviceIds = join(outdir, 'service-ids.json');
  if (existsSync(serviceIds)) addDescribedIds(JSON.parse(readFileSync(serviceIds, 'utf8')));
  const stacks = JSON.parse(synthOutput.trim().split('\n').pop()).filter((s) => !options.only || options.only.test(s.name) || options.only.test(`${s.group}/${s.name}`));
  if (stacks.length === 0) {
    process.stderr.write(`no stack matches --only ${options.only}\n`);
    return 2;
  }
  const config = process.env.TF_CLI_CONFIG_FILE;
  const providers = config && existsSync(config) ? `the CLI configuration ${config} (a mirror, if it names one)` : 'the registry';
  process.stdout.write(`Terraform ${version}, providers from ${providers}; ${stacks.length} stacks, ${options.jobs} at a time, work in ${workRoot}\n`);

  const tokens = await startTokenServer();
  // The second identity's token endpoint, for the plan as another deployer (--second-plan).
  const secondTokens = options.secondPlan ? await startTokenServer(SECOND_IDENTITY) : undefined;
  let results;
  try {
    // Each worker's inits use a plugin cache of their own (inWorkers), one after another.
    results = await inWorkers(stacks, options.jobs, workRoot, async (stack, pluginCache) => {
      const env = offlineEnvironment(tokens.url, pluginCache);
      const second = secondTokens ? { msi: secondTokens.url, env: offlineEnvironment(secondTokens.url, pluginCache) } : undefined;
      const result = await checkStackSafely(stack, workRoot, tokens.url, env, options, second);
      process.stdout.write(`${report(result)}\n`);
      return result;
    });
  } finally {
    await tokens.close();
    await secondTokens?.close();
  }
  if (!options.keep) rmSync(workRoot, { recursive: true, force: true });
  const failed = results.filter((r) => r.diagnostics.length > 0);
  const errors = results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'error').length, 0);
  const warnings = results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === 'warning').length, 0);
  if (options.json) writeFileSync(options.json, JSON.stringify({ terraform: version, results }, null, 2));
  const identityClean = results.filter((r) => r.secondIdentity && r.secondIdentity.changes.length === 0).length;
  const identityLine = secondTokens ? `; second identity: ${identityClean} of ${results.length} stacks plan no changes` : '';
  process.stdout.write(`\n${results.length} stacks checked in ${((Date.now() - started) / 1000).toFixed(0)} s: ${results.length - failed.length} clean, ${failed.length} with findings (${errors} errors, ${warnings} warnings)${identityLine}; ${tokens.served + (secondTokens?.served ?? 0)} tokens served on loopback\n`);
  if (failed.length) process.stdout.write(`Findings in: ${failed.map((r) => basename(r.stack)).join(', ')}\n`);
  return failed.length ? 1 : 0;
}

process.exitCode = await main();

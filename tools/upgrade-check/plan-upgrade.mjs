// One stack's upgrade, planned offline with the real providers: the old version's configuration is
// planned and its planned values become a state (the Terraform check's second-plan machinery:
// what the first apply would store, as Azure returns it), then the new version's configuration is
// planned against that state. The plan says what the upgrade replaces, destroys and moves.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { offlineCopy, offlineEnvironment } from '../terraform-check/offline-config.mjs';
import { secondPlan } from '../terraform-check/second-plan.mjs';
import { inWorkers, planStream, terraform } from '../terraform-check/terraform.mjs';
import { startTokenServer } from '../terraform-check/token-server.mjs';
import { announcementFor, classify, unannounced } from './classify.mjs';

const statePath = (config) => config.terraform?.backend?.local?.path ?? 'terraform.tfstate';

/**
 * The offline copy of a synthesized stack in `dir`. In the new version's copy `lifecycle.prevent_destroy`
 * is taken out (the addresses that had it are returned): with it, the plan stops at the first such
 * resource it would replace, and the report would miss the rest.
 */
function writeCopy(stackDir, dir, msi, { dropPreventDestroy }) {
  mkdirSync(dir, { recursive: true });
  const copy = offlineCopy(JSON.parse(readFileSync(join(stackDir, 'cdk.tf.json'), 'utf8')), msi);
  const guarded = [];
  if (dropPreventDestroy) {
    for (const [type, items] of Object.entries(copy.config.resource ?? {})) {
      for (const [name, resource] of Object.entries(items)) {
        if (!resource.lifecycle?.prevent_destroy) continue;
        guarded.push(`${type}.${name}`);
        resource.lifecycle = Object.fromEntries(Object.entries(resource.lifecycle).filter(([key]) => key !== 'prevent_destroy'));
      }
    }
  }
  writeFileSync(join(dir, 'cdk.tf.json'), JSON.stringify(copy.config, null, 2));
  writeFileSync(join(dir, 'offline_override.tf.json'), JSON.stringify(copy.override, null, 2));
  return { config: copy.config, guarded };
}

async function init(dir, env) {
  const r = await terraform(['init', '-input=false', '-no-color'], dir, env);
  if (r.code !== 0) throw new Error(`terraform init failed in ${dir}: ${`${r.stdout}${r.stderr}`.trim().split('\n').slice(-8).join(' ')}`);
  return r.seconds;
}

const planErrors = (stdout, stderr) => {
  const errors = planStream(stdout).diagnostics.filter((d) => d.severity === 'error');
  return errors.length ? errors : [{ severity: 'error', address: '(plan)', summary: 'terraform plan failed', detail: stderr.trim().slice(0, 800) }];
};

/** Plans one stack's upgrade: `{ stack, losses, moves, counts, errors, seconds }`. */
export async function planUpgrade({ stack, oldDir, newDir }, workRoot, msi, env) {
  const started = Date.now();
  const result = { stack, losses: [], moves: [], counts: {}, errors: [], seconds: 0 };
  const oldWork = join(workRoot, stack, 'old');
  const newWork = join(workRoot, stack, 'new');
  const old = writeCopy(oldDir, oldWork, msi, { dropPreventDestroy: false });
  await init(oldWork, env);
  const first = await terraform(['plan', '-json', '-refresh=false', '-lock=false', '-input=false', '-out=first.tfplan'], oldWork, env);
  if (first.code !== 0) {
    result.errors.push(...planErrors(first.stdout, first.stderr).map((d) => ({ ...d, summary: `old version: ${d.summary}` })));
    return { ...result, seconds: (Date.now() - started) / 1000 };
  }
  // The state after the old version's apply; what its own second plan still changes is no upgrade's doing.
  const settled = await secondPlan(oldWork, env, stack);
  result.errors.push(...settled.diagnostics.filter((d) => d.address === '(second plan)' || /^second plan: (?!.*after the first apply)/.test(d.summary))
    .map((d) => ({ ...d, summary: `old version: ${d.summary}` })));
  const oldChanges = new Map(settled.changes.map((c) => [c.address, c.actions]));

  const next = writeCopy(newDir, newWork, msi, { dropPreventDestroy: true });
  copyFileSync(join(oldWork, statePath(old.config)), join(newWork, statePath(next.config)));
  await init(newWork, env);
  const plan = await terraform(['plan', '-json', '-refresh=false', '-lock=false', '-input=false', '-out=upgrade.tfplan'], newWork, env);
  if (plan.code !== 0) {
    result.errors.push(...planErrors(plan.stdout, plan.stderr).map((d) => ({ ...d, summary: `new version against the old state: ${d.summary}` })));
    return { ...result, seconds: (Date.now() - started) / 1000 };
  }
  const shown = JSON.parse((await terraform(['show', '-json', 'upgrade.tfplan'], newWork, env)).stdout);
  const { losses, moves, counts } = classify(shown.resource_changes ?? []);
  for (const loss of losses) {
    if (next.guarded.includes(loss.address)) loss.reason = [loss.reason, 'lifecycle.prevent_destroy: the apply stops here until it is lifted'].filter(Boolean).join('; ');
    const before = oldChanges.get(loss.address);
    if (before && before.includes('delete')) loss.preexisting = true;
  }
  return { ...result, losses, moves, counts, preexistingChanges: settled.changes.length, seconds: (Date.now() - started) / 1000 };
}

/**
 * Plans every stack pair (`{ stack, oldDir, newDir }`, the synthesized stack directories), `jobs`
 * at a time, in `workRoot`. `onResult` sees each stack's result as it is ready. Returns
 * `{ results, failing }`: failing are the stateful losses no announcement covers.
 */
export async function checkUpgrade({ pairs, announcements, workRoot, jobs = 2, onResult = () => {} }) {
  const tokens = await startTokenServer();
  const safely = async (pair, pluginCache) => {
    let result;
    try {
      result = await planUpgrade(pair, workRoot, tokens.url, offlineEnvironment(tokens.url, pluginCache));
    } catch (error) {
      result = { stack: pair.stack, losses: [], moves: [], counts: {}, errors: [{ severity: 'error', address: '(check)', summary: 'the check itself failed on this stack', detail: String(error?.message ?? error) }] };
    }
    for (const loss of result.losses) loss.announcement = announcementFor(pair.stack, loss.address, announcements)?.line;
    onResult(result);
    return result;
  };
  let results;
  try {
    // Each worker's inits use a plugin cache of their own (inWorkers), one after another.
    results = await inWorkers(pairs, jobs, workRoot, safely);
  } finally {
    await tokens.close();
  }
  return { results, failing: unannounced(results, announcements) };
}

/** Removes a work folder unless it is to be kept. */
export function cleanUp(dir, keep) {
  if (!keep && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
}

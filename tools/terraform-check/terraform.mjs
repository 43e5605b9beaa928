// Running Terraform in a stack's working copy and reading its machine-readable output.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A Terraform command that runs longer is stopped: offline, only a request that cannot leave the machine takes that long. */
export const TIMEOUT_SECONDS = 300;

/** Runs `terraform <args>` in `cwd`; resolves to { code, stdout, stderr, seconds } (code 124 when stopped at TIMEOUT_SECONDS). */
export function terraform(args, cwd, env) {
  const started = process.hrtime.bigint();
  return new Promise((resolvePromise) => {
    const child = spawn('terraform', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGTERM'); }, TIMEOUT_SECONDS * 1000);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', (error) => resolvePromise({ code: 127, stdout, stderr: `${stderr}${error.message}`, seconds: 0 }));
    child.on('close', (code) => {
      clearTimeout(timer);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (timedOut) resolvePromise({ code: 124, stdout, stderr: `${stderr}\nterraform ${args[0]} stopped after ${TIMEOUT_SECONDS} s (a provider waiting for a request that cannot leave the machine?)`, seconds });
      else resolvePromise({ code: code ?? 1, stdout, stderr, seconds });
    });
  });
}

/** The resource address a diagnostic is about: its own `address`, or the block its snippet sits in. */
function addressOf(diagnostic) {
  if (diagnostic.address) return diagnostic.address;
  const context = diagnostic.snippet?.context ?? '';
  const match = /^(?:resource|data)\.([^.]+)\.([^.,\s]+)/.exec(context);
  if (!match) return context || '(configuration)';
  return `${context.startsWith('data.') ? 'data.' : ''}${match[1]}.${match[2]}`;
}

export function diagnostic(raw) {
  return { severity: raw.severity, address: addressOf(raw), summary: raw.summary, detail: (raw.detail ?? '').replace(/\s+/g, ' ').trim() };
}

/** The diagnostics of `terraform validate -json`. */
export function validateDiagnostics(stdout) {
  try {
    return (JSON.parse(stdout).diagnostics ?? []).map(diagnostic);
  } catch {
    return [{ severity: 'error', address: '(validate)', summary: 'terraform validate printed no JSON', detail: stdout.slice(0, 500) }];
  }
}

/** Diagnostics and planned actions from the JSON lines of `terraform plan -json`. */
export function planStream(stdout) {
  const diagnostics = [];
  const actions = {};
  const changes = [];
  for (const line of stdout.split('\n')) {
    if (!line.trim().startsWith('{')) continue;
    let message;
    try { message = JSON.parse(line); } catch { continue; }
    if (message.type === 'diagnostic') diagnostics.push(diagnostic(message.diagnostic));
    if (message.type === 'planned_change') {
      const action = message.change.action;
      actions[action] = (actions[action] ?? 0) + 1;
      changes.push({ address: message.change.resource.addr, action, reason: message.change.reason });
    }
  }
  return { diagnostics, actions, changes };
}

/** One list of diagnostics, each said once (validate and plan both report a deprecation). */
export function uniqueDiagnostics(...lists) {
  const seen = new Map();
  for (const d of lists.flat()) seen.set(`${d.severity}|${d.address}|${d.summary}|${d.detail}`, d);
  return [...seen.values()];
}

/**
 * Runs `work(item, pluginCache)` on every item, `jobs` at a time (at least one); the results in
 * the items' order. Each worker has a Terraform plugin cache of its own
 * (`<workRoot>/plugin-cache-<n>`), which its inits use one after another. Terraform's cache is not
 * safe for concurrent inits (its CLI configuration docs say so), and here every init writes to it:
 * the stacks' working copies have no dependency lock file, so Terraform does not trust a cached
 * package and installs the provider again, removing the cache entry and linking it anew, while
 * another init or plan reads it ("file exists", "still not detected in .terraform/providers",
 * "failed to verify checksum ... no such file or directory"). A cache per worker keeps the checks
 * from the caller's own cache too (`offlineEnvironment` sets TF_PLUGIN_CACHE_DIR).
 */
export async function inWorkers(items, jobs, workRoot, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(Math.max(1, jobs), items.length) }, async (_, worker) => {
    const pluginCache = join(workRoot, `plugin-cache-${worker}`);
    mkdirSync(pluginCache, { recursive: true });
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index], pluginCache);
    }
  }));
  return results;
}

#!/usr/bin/env node
// Generates the cdktf TypeScript bindings for the Terraform provider azure/azapi
// OFFLINE, from schemas/azapi/azapi-provider-schema.json, into .gen/providers/azapi.
// No Terraform provider is downloaded. See README.md in this folder.
//
//   npm run gen:azapi            regenerate .gen/providers/azapi
//   npm run gen:azapi -- --check exit 1 if .gen/providers/azapi is not up to date
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const TOOL_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(TOOL_DIR, "..", "..");
const SCHEMA_FILE = path.join(ROOT, "schemas", "azapi", "azapi-provider-schema.json");
const FQPN = "registry.terraform.io/azure/azapi";
const PROVIDER_NAME = "azapi";
const GENERATOR_PKG = "@cdktf/provider-generator";

const check = process.argv.includes("--check");
const started = Date.now();

// @cdktf/commons (loaded by the generator) runs `terraform version -json` when it is
// loaded and sends a telemetry event if that fails. Neither is needed here.
process.env.CHECKPOINT_DISABLE = "1";

class GenError extends Error {}
function fail(message) {
  throw new GenError(message);
}
process.on("uncaughtException", (err) => {
  console.error(err instanceof GenError ? `gen:azapi: ${err.message}` : err);
  process.exit(1);
});

/** True when a generated file still holds a `{@link`. */
function hasRawLinks(dir) {
  return listFiles(dir).some((f) => f.endsWith(".ts") && fs.readFileSync(path.join(dir, f), "utf8").includes("{@link"));
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

// --- 1. the generator comes from tools/azapi-gen/node_modules, never from the root ---
const toolPkg = readJson(path.join(TOOL_DIR, "package.json"));
const wantedVersion = toolPkg.dependencies[GENERATOR_PKG];
const installedPkgJson = path.join(TOOL_DIR, "node_modules", ...GENERATOR_PKG.split("/"), "package.json");
const installedVersion = () => (fs.existsSync(installedPkgJson) ? readJson(installedPkgJson).version : undefined);
if (installedVersion() !== wantedVersion) {
  console.log(`gen:azapi: installing the generator (npm ci --prefix tools/azapi-gen) ...`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const res = spawnSync(npm, ["ci", "--prefix", TOOL_DIR, "--no-audit", "--no-fund"], {
    cwd: ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (res.status !== 0) fail(`npm ci --prefix tools/azapi-gen failed (exit ${res.status ?? res.signal})`);
  if (installedVersion() !== wantedVersion) fail(`${GENERATOR_PKG}@${wantedVersion} is still not installed in tools/azapi-gen`);
}
const requireFromTool = createRequire(path.join(TOOL_DIR, "package.json"));
const generatorEntry = requireFromTool.resolve(GENERATOR_PKG);
if (!generatorEntry.startsWith(path.join(TOOL_DIR, "node_modules") + path.sep)) {
  fail(`${GENERATOR_PKG} resolved outside tools/azapi-gen/node_modules: ${generatorEntry}`);
}
// The bindings are compiled against the root cdktf; keep the two in step.
const rootCdktf = readJson(path.join(ROOT, "node_modules", "cdktf", "package.json")).version;
if (rootCdktf !== wantedVersion) {
  fail(`root cdktf is ${rootCdktf} but tools/azapi-gen pins ${GENERATOR_PKG}@${wantedVersion}; bump tools/azapi-gen/package.json`);
}
const { generateProviderBindingsFromSchema } = requireFromTool(GENERATOR_PKG);

// --- 2. inputs: the schema and the provider constraint from cdktf.json ---
const schema = readJson(SCHEMA_FILE);
if (!schema.provider_schemas?.[FQPN]) fail(`${SCHEMA_FILE} has no provider_schemas["${FQPN}"]`);
const providerVersion = schema.provider_versions?.[FQPN];
if (!providerVersion) fail(`${SCHEMA_FILE} has no provider_versions["${FQPN}"]`);

const cdktfJson = readJson(path.join(ROOT, "cdktf.json"));
const entry = (cdktfJson.terraformProviders ?? []).find(
  (p) => typeof p === "string" && /^(registry\.terraform\.io\/)?azure\/azapi(@|$)/i.test(p),
);
if (!entry) fail(`cdktf.json terraformProviders has no azure/azapi entry`);
const [source, constraint] = entry.split("@").map((s) => s.trim());

// --- 3. generate into a staging folder ---
const staging = fs.mkdtempSync(path.join(os.tmpdir(), "azapi-gen-"));
try {
  await generateProviderBindingsFromSchema(staging, schema);
  const outDir = path.join(staging, "providers", PROVIDER_NAME);
  if (!fs.existsSync(path.join(outDir, "provider", "index.ts"))) fail(`generator wrote no providers/${PROVIDER_NAME}/provider/index.ts`);

  // generateProviderBindingsFromSchema builds its provider constraint from the schema key
  // alone, so (unlike `cdktf get`) it emits terraformProviderSource
  // 'registry.terraform.io/azure/azapi' and no providerVersionConstraint. Rewrite those
  // metadata lines to what `cdktf get` emits for the cdktf.json entry, so that `cdktf get`
  // would reproduce this folder byte for byte (but for the doc links, below). Each rewrite is counted.
  let sourceEdits = 0;
  let constraintEdits = 0;
  let linkEdits = 0;
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const file of listFiles(outDir).filter((f) => f.endsWith(".ts"))) {
    const abs = path.join(outDir, file);
    let text = fs.readFileSync(abs, "utf8");
    const before = text;
    text = text.replace(new RegExp(`^(\\s*)providerVersion: '${esc(providerVersion)}'$`, "gm"), (_m, indent) => {
      constraintEdits++;
      return constraint ? `${indent}providerVersion: '${providerVersion}',\n${indent}providerVersionConstraint: '${constraint}'` : _m;
    });
    text = text.replace(new RegExp(`^(\\s*)terraformProviderSource: '${esc(FQPN)}'$`, "gm"), (_m, indent) => {
      sourceEdits++;
      return `${indent}terraformProviderSource: '${source}'`;
    });
    // The generator's doc links (`{@link https://registry... Resource#body}`) reach other languages'
    // docstrings raw (jsii passes JSDoc through): write them as Markdown links, which every
    // language's docs show. This is the one difference from what `cdktf get` writes.
    text = text.replace(/\{@link (https:\/\/\S+) ([^}]+)\}/g, (_m, url, label) => {
      linkEdits++;
      return `[${label}](${url})`;
    });
    if (text !== before) fs.writeFileSync(abs, text);
  }
  if (hasRawLinks(outDir)) fail("a {@link} the post-processing does not rewrite is left in the bindings; the post-processing needs updating");
  const resourceFiles = listFiles(outDir).filter((f) => /^[^/]+\/index\.ts$/.test(f)).length;
  if (sourceEdits !== 1 || constraintEdits !== resourceFiles) {
    fail(`unexpected generator output: ${sourceEdits} provider source line(s) (want 1), ${constraintEdits} providerVersion line(s) (want ${resourceFiles}); the post-processing needs updating`);
  }

  if (linkEdits === 0) fail("no {@link} rewritten: the generator's doc links changed; the post-processing needs updating");
  // --- 4. install (or compare) ---
  const target = path.join(ROOT, ".gen", "providers", PROVIDER_NAME);
  if (check) {
    const diff = compareDirs(outDir, target);
    if (diff.length) fail(`.gen/providers/${PROVIDER_NAME} is out of date (${diff.slice(0, 5).join(", ")}${diff.length > 5 ? ", ..." : ""}); run npm run gen:azapi`);
    console.log(`gen:azapi: .gen/providers/${PROVIDER_NAME} is up to date`);
  } else {
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(outDir, target, { recursive: true });
    const files = listFiles(target);
    const bytes = files.reduce((n, f) => n + fs.statSync(path.join(target, f)).size, 0);
    console.log(
      `gen:azapi: wrote .gen/providers/${PROVIDER_NAME} (${files.length} files, ${bytes} bytes) ` +
        `for ${source} ${providerVersion}, constraint ${constraint ?? "(none)"}, in ${((Date.now() - started) / 1000).toFixed(1)}s`,
    );
  }
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}

function listFiles(dir, prefix = "") {
  const out = [];
  for (const d of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${d.name}` : d.name;
    if (d.isDirectory()) out.push(...listFiles(dir, rel));
    else out.push(rel);
  }
  return out.sort();
}

function compareDirs(a, b) {
  if (!fs.existsSync(b)) return ["(missing)"];
  const fa = listFiles(a);
  const fb = listFiles(b);
  const all = [...new Set([...fa, ...fb])].sort();
  return all.filter((f) => {
    if (!fa.includes(f) || !fb.includes(f)) return true;
    return !fs.readFileSync(path.join(a, f)).equals(fs.readFileSync(path.join(b, f)));
  });
}

import * as fs from 'fs';
import * as path from 'path';
import { parseFile, readHclDirectory, readTerraformFiles } from './hcl-input';
import { isPlan, readPlan } from './plan-input';
import { LessonsInputError, readInputFile, SourceRead } from './source';
import { isBackendFile, isVariableFile, readSettingsFile } from './tfvars-and-tfbackend';

/**
 * Read one path: a directory of `.tf`/`.tf.json` files (with the `.tfvars` and `.tfbackend` files
 * beside them), one `.tf` or `.tf.json` file (`cdk.tf.json` included), one `.tfvars[.json]` or
 * `.tfbackend` file (kept elsewhere for `-var-file` or `-backend-config`), or a plan's JSON
 * (`terraform show -json`, any file name). File names
 * in findings are relative to `cwd`, as code scanning wants them.
 */
/** The top-level blocks that make a JSON file of another name Terraform configuration. */
const CONFIGURATION_KEYS = ['resource', 'terraform', 'module'];

export async function readPath(given: string, cwd: string): Promise<SourceRead> {
  const absolute = path.resolve(cwd, given);
  const display = (path.relative(cwd, absolute) || '.').split(path.sep).join('/');
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    throw new LessonsInputError(display, { setting: 'path', given, problem: 'there is no such file or directory.', fix: 'give a directory of .tf files, a .tf.json file, or the JSON of a plan.' });
  }
  if (stat.isDirectory()) return readHclDirectory(absolute, display);
  if (absolute.endsWith('.tf')) return readTerraformFiles(path.dirname(absolute), display, [path.basename(absolute)]);
  // A variable definitions or backend configuration file named on its own (`-var-file=env/prod.tfvars`): its values are judged alone.
  if (isVariableFile(absolute) || isBackendFile(absolute)) {
    const read = await readSettingsFile(absolute, display, parseFile, undefined, true);
    return { resources: [], suppressions: read.suppressions, notRead: read.notRead, rootConfiguration: read.blocks };
  }
  const { json, text } = parseJson(absolute, display);
  if (isPlan(json)) return readPlan(json as Parameters<typeof readPlan>[0], text, display);
  // Terraform reads a `.tf.json` file (an object) as configuration whatever blocks it holds (one of variables only, or checks
  // only); another JSON file is configuration when it holds resources, modules or a terraform block (a REST answer's `data` is none).
  const object = json !== null && typeof json === 'object' && !Array.isArray(json);
  if (object && (absolute.endsWith('.tf.json') || CONFIGURATION_KEYS.some((k) => k in json))) {
    return readTerraformFiles(path.dirname(absolute), display, [path.basename(absolute)]);
  }
  if (absolute.endsWith('.tf.json')) {
    throw new LessonsInputError(display, { setting: 'file', given: display, problem: 'a .tf.json file holds one JSON object (Terraform\'s configuration syntax), and this one does not.', fix: 'write the configuration as an object ({ "resource": { ... } }), or leave the file out.' });
  }
  throw new LessonsInputError(display, {
    setting: 'file', given: display, problem: 'it is JSON but neither Terraform JSON configuration (a .tf.json file, or resource, module, terraform) nor a plan (format_version, planned_values).',
    fix: 'give a .tf.json file, or write the plan with terraform show -json plan > plan.json.',
  });
}

function parseJson(file: string, display: string): { json: unknown; text: string } {
  const text = readInputFile(file, display);
  try {
    return { json: JSON.parse(text), text };
  } catch (error) {
    throw new LessonsInputError(display, {
      setting: 'file', given: display, problem: `it is neither HCL (.tf) nor valid JSON (${(error as Error).message}).`,
      fix: 'give a .tf file, a directory of them, a .tf.json file, or the JSON of a plan (terraform show -json plan > plan.json).',
    });
  }
}

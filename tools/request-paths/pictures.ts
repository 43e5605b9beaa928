/**
 * The request-path pictures of the platform's stacks: every stack of every embedded environment
 * (never the caller's overrides, so the pictures in docs/paths are the same on every machine),
 * synthesized into a scratch directory and drawn from the `request-path.json` each one writes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'cdktf';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { buildApp } from '../../src/app';
import { loadEnvironments } from '../../src/environments';
import { REQUEST_PATH_FILE, PathModel } from '../../constructs/stack/request-path-model';
import { renderRequestPath } from './render';

/** Where the committed pictures live, relative to the repository: `docs/paths/<stack>.svg`. */
export const PICTURES_DIR = join('docs', 'paths');

export interface StackPicture {
  readonly stack: string;
  /** The stack's construct tree (what the tests compare the picture with). */
  readonly construct: AzureStack;
  /** Its synthesized Terraform JSON (`cdk.tf.json`), parsed. */
  readonly terraform: SynthesizedStack;
  readonly model: PathModel;
  readonly svg: string;
}

/** The parts of `cdk.tf.json` the pictures are checked against. */
export interface SynthesizedStack {
  readonly resource?: Record<string, Record<string, Record<string, unknown>>>;
}

/** Synthesize the embedded environments' stacks and draw each one's request path. */
export async function drawStacks(): Promise<StackPicture[]> {
  const outdir = mkdtempSync(join(tmpdir(), 'request-paths-'));
  try {
    const app = new App({ outdir });
    const stacks = buildApp(app, loadEnvironments({ env: {} }));
    app.synth();
    const pictures: StackPicture[] = [];
    for (const stack of stacks) {
      const dir = join(outdir, 'stacks', stack.node.id);
      const model = JSON.parse(readFileSync(join(dir, REQUEST_PATH_FILE), 'utf8')) as PathModel;
      const terraform = JSON.parse(readFileSync(join(dir, 'cdk.tf.json'), 'utf8')) as SynthesizedStack;
      pictures.push({ stack: stack.node.id, construct: stack, terraform, model, svg: await renderRequestPath(model) });
    }
    return pictures;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

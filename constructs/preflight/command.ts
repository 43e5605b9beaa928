import * as fs from 'fs';
import * as path from 'path';
import { Preflight, PreflightInputError } from './preflight';
import { PreflightSdkMissingError } from './azure-clients';
import { IPreflightCredential, PreflightReport } from './types';

/** What one run of `azure-preflight` printed and the exit code it ends with. */
export interface PreflightCommandOutput {
  /** 0: ready (nothing missing; with --strict, nothing unknown either); 1: a requirement is missing (with --strict, or unknown); 2: usage (bad arguments, no manifest, no subscription, no sign-in). */
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

const USAGE = `usage: azure-preflight [--subscription ID] [--deployer-object-id ID] [--strict] [--json] [--resource-manager-endpoint URL] [--graph-endpoint URL] STACK
  STACK  a synthesized stack's directory (cdktf.out/stacks/realtime-prod), its preflight.json, or a stack name (looked up in cdktf.out/stacks/)
  --subscription  the subscription the stack deploys to (default: ARM_SUBSCRIPTION_ID)
  --deployer-object-id  check this identity's rights, not the signed-in one's (a read-only plan identity checking the deploy identity)
  --strict  a requirement the check cannot know (no Graph read right, a conditional role assignment) fails the run like a missing one: for a gate in a pipeline
  credentials: DefaultAzureCredential (az login, a pipeline's OIDC or managed identity, AZURE_* variables)
exit codes: 0 ready, 1 a requirement is missing (with --strict: or unknown), 2 usage`;

interface Options { stack?: string; subscription?: string; deployer?: string; json: boolean; strict: boolean; arm?: string; graph?: string; help: boolean }

/**
 * `azure-preflight`: check a synthesized stack's deploy prerequisites with the deployer's own
 * credentials before `cdktf deploy` (docs/preflight.md).
 */
export class PreflightCommand {
  /**
   * Run with command-line arguments and return what it printed. The credential defaults to
   * `DefaultAzureCredential`; `env` to the process's environment.
   */
  public static async execute(args: string[], cwd?: string, env?: { [name: string]: string }, credential?: IPreflightCredential): Promise<PreflightCommandOutput> {
    const dir = cwd ?? process.cwd();
    const vars = env ?? (process.env as { [name: string]: string });
    let options: Options;
    try {
      options = parseArguments(args);
    } catch (error) {
      return usage((error as Error).message);
    }
    if (options.help) return { exitCode: 0, stdout: `${USAGE}\n`, stderr: '' };
    if (options.stack === undefined) return usage('give the stack to check.');
    const subscriptionId = options.subscription ?? vars.ARM_SUBSCRIPTION_ID;
    if (!subscriptionId) return usage('give the subscription the stack deploys to: --subscription ID or ARM_SUBSCRIPTION_ID.');
    let report: PreflightReport;
    try {
      const manifest = Preflight.readManifest(locate(options.stack, dir));
      report = await Preflight.check(manifest, credential ?? await defaultCredential(), {
        subscriptionId, ...(options.arm ? { resourceManagerEndpoint: options.arm } : {}), ...(options.graph ? { graphEndpoint: options.graph } : {}),
        ...(options.deployer ? { deployerObjectId: options.deployer } : {}),
      });
    } catch (error) {
      if (error instanceof PreflightInputError || error instanceof PreflightSdkMissingError) return usage(error.message);
      const name = (error as Error).name;
      if (name === 'CredentialUnavailableError' || name === 'AuthenticationError' || name === 'AggregateAuthenticationError') {
        return usage(`no credential: ${(error as Error).message.split('\n')[0]} Sign in as the deploying identity (az login, or the pipeline's variables).`);
      }
      throw error;
    }
    return {
      exitCode: report.ready && !(options.strict && report.counts.unknown > 0) ? 0 : 1,
      stdout: options.json ? `${JSON.stringify(report, null, 2)}\n` : Preflight.format(report),
      stderr: '',
    };
  }

  /** Run with command-line arguments, print to the console and set the process's exit code. */
  public static async run(args: string[]): Promise<number> {
    const out = await PreflightCommand.execute(args);
    process.stdout.write(out.stdout);
    process.stderr.write(out.stderr);
    process.exitCode = out.exitCode;
    return out.exitCode;
  }

  private constructor() {}
}

function usage(problem: string): PreflightCommandOutput {
  return { exitCode: 2, stdout: '', stderr: `azure-preflight: ${problem}\n${USAGE}\n` };
}

/** A directory or file as given, else a stack name under cdktf.out/stacks/. */
function locate(stack: string, cwd: string): string {
  const given = path.resolve(cwd, stack);
  if (fs.existsSync(given)) return given;
  if (/^[a-z0-9-]+$/.test(stack)) {
    const byName = path.resolve(cwd, 'cdktf.out', 'stacks', stack);
    if (fs.existsSync(byName)) return byName;
  }
  throw new PreflightInputError(`${stack}: no such stack directory, preflight.json or synthesized stack (cdktf.out/stacks/${stack}); synthesize first (npm run synth, or cdktf synth).`);
}

async function defaultCredential(): Promise<IPreflightCredential> {
  let identity: typeof import('@azure/identity');
  try {
    identity = await import('@azure/identity');
  } catch {
    throw new PreflightSdkMissingError('the preflight needs @azure/identity, an optional dependency of @realtime-platform/azure-constructs: install it, or install the package without --omit=optional.');
  }
  return new identity.DefaultAzureCredential();
}

function parseArguments(args: string[]): Options {
  const options: Options = { json: false, strict: false, help: false };
  for (let i = 0; i < args.length; i += 1) {
    const [arg, inline] = args[i].startsWith('--') && args[i].includes('=') ? [args[i].slice(0, args[i].indexOf('=')), args[i].slice(args[i].indexOf('=') + 1)] : [args[i], undefined];
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value.`);
      return v;
    };
    if (arg === '--json') options.json = true;
    else if (arg === '--strict') options.strict = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--subscription') options.subscription = value();
    else if (arg === '--resource-manager-endpoint') options.arm = value();
    else if (arg === '--graph-endpoint') options.graph = value();
    else if (arg === '--deployer-object-id') options.deployer = value();
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}.`);
    else if (options.stack === undefined) options.stack = arg;
    else throw new Error(`one stack at a time (got ${options.stack} and ${arg}).`);
  }
  return options;
}

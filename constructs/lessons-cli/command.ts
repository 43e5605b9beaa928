import * as fs from 'fs';
import * as path from 'path';
import { summaryLine } from '../lessons-check/report';
import { ReportStatus } from '../lessons-check/report';
import { checkPaths, CheckResult, hasErrors } from './check';
import { toSarif } from './sarif';
import { LessonsInputError } from './source';

/** How `azure-lessons` writes what it found. */
export enum LessonsOutputFormat {
  /** One line per finding (`[RULE-ID] <address>: <setting> = <value>: <problem> Fix: <fix>`) and a summary. */
  TEXT = 'text',
  /** The lessons report (`lessons-report.json`'s shape), with the notices about the input. */
  JSON = 'json',
  /** SARIF 2.1.0, for GitHub code scanning and Azure DevOps. */
  SARIF = 'sarif',
}

/** What one run of the command printed and the exit code it ends with. */
export interface LessonsCommandOutput {
  /** 0: no error finding; 1: error findings; 2: bad input (unreadable or unparsable file, unknown option). */
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

const USAGE = `usage: azure-lessons [--format text|json|sarif] [--output FILE] [--config FILE] [--production | --non-production] PATH...
  PATH  a directory of .tf files (local modules, *.tfvars and *.tfbackend files beside them are read too), a .tf or .tf.json file (cdk.tf.json too), a .tfvars or .tfbackend file, or a plan's JSON (terraform show -json plan > plan.json)
exit codes: 0 no error finding, 1 error findings, 2 bad input`;

/**
 * `azure-lessons`: the platform lessons check over plain Terraform (HCL, Terraform JSON, plan
 * JSON), for teams that do not build their stacks with this library. The same rules, ids and
 * levels as the construct check; see docs/lessons.md.
 */
export class LessonsCommand {
  /** Run with command-line arguments and return what it printed (nothing is written to the console). */
  public static async execute(args: string[], cwd?: string): Promise<LessonsCommandOutput> {
    const dir = cwd ?? process.cwd();
    try {
      const options = parseArguments(args);
      if (options.help) return { exitCode: 0, stdout: `${USAGE}\n`, stderr: '' };
      const result = await checkPaths(options.paths, dir, options.config === undefined ? undefined : path.resolve(dir, options.config), options.production);
      const text = render(result, options.format);
      const exitCode = hasErrors(result) ? 1 : 0;
      if (options.output === undefined) return { exitCode, stdout: text, stderr: '' };
      fs.writeFileSync(path.resolve(dir, options.output), text);
      return { exitCode, stdout: '', stderr: options.format === LessonsOutputFormat.TEXT ? '' : `${summaryLine(result.report.summary)}\n` };
    } catch (error) {
      if (error instanceof LessonsInputError) return { exitCode: 2, stdout: '', stderr: `${error.message}\n` };
      throw error;
    }
  }

  /** Run with command-line arguments, print to the console and set the process's exit code. */
  public static async run(args: string[]): Promise<number> {
    const out = await LessonsCommand.execute(args);
    process.stdout.write(out.stdout);
    process.stderr.write(out.stderr);
    process.exitCode = out.exitCode;
    return out.exitCode;
  }

  private constructor() {}
}

interface Options { paths: string[]; format: LessonsOutputFormat; output?: string; config?: string; production?: boolean; help?: boolean }

function parseArguments(args: string[]): Options {
  const options: Options = { paths: [], format: LessonsOutputFormat.TEXT };
  const value = (i: number, name: string): string => {
    const v = args[i + 1];
    if (v === undefined || v.startsWith('--')) throw new LessonsInputError('azure-lessons', { setting: name, given: v, problem: `${name} needs a value.`, fix: USAGE.split('\n')[0] });
    return v;
  };
  for (let i = 0; i < args.length; i += 1) {
    const [arg, inline] = args[i].startsWith('--') && args[i].includes('=') ? [args[i].slice(0, args[i].indexOf('=')), args[i].slice(args[i].indexOf('=') + 1)] : [args[i], undefined];
    const take = (name: string) => inline ?? value(i++, name);
    if (arg === '--format' || arg === '-f') {
      const f = take('--format');
      const format = Object.values(LessonsOutputFormat).find((x) => x === f);
      if (!format) throw new LessonsInputError('azure-lessons', { setting: '--format', given: f, problem: 'the format is text, json or sarif.', fix: 'pass --format text, --format json or --format sarif.' });
      options.format = format;
    } else if (arg === '--output' || arg === '-o') options.output = take('--output');
    else if (arg === '--config') options.config = take('--config');
    else if (arg === '--production') options.production = true;
    else if (arg === '--non-production') options.production = false;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg.startsWith('-') && arg !== '-') throw new LessonsInputError('azure-lessons', { setting: 'option', given: args[i], problem: 'the command has no such option.', fix: USAGE.split('\n')[0] });
    else options.paths.push(arg);
  }
  if (options.paths.length === 0 && !options.help) options.paths.push('.');
  return options;
}

function render(result: CheckResult, format: LessonsOutputFormat): string {
  if (format === LessonsOutputFormat.JSON) return `${JSON.stringify({ ...result.report, notices: result.notices.map((n) => n.message) }, null, 2)}\n`;
  if (format === LessonsOutputFormat.SARIF) return `${JSON.stringify(toSarif(result, packageVersion()), null, 2)}\n`;
  const lines = [
    ...result.rows.filter((r) => r.row.status === ReportStatus.NON_COMPLIANT).map((r) => r.row.message!),
    ...result.notices.map((n) => n.message),
    summaryLine(result.report.summary),
  ];
  return `${lines.join('\n')}\n`;
}

/** This package's version, from its package.json (found above this file, in the sources or in dist/). */
function packageVersion(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@realtime-platform/azure-constructs' && pkg.version) return pkg.version;
    }
  }
  return '0.0.0';
}

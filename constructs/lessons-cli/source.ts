import { TerraformVariables } from '../core/terraform-expression';
import * as fs from 'fs';
import { Finding, FindingFormat } from '../core/validation';
import { RuleResource } from '../lessons-check/rule';

/** Where something was read: a file and, when the input has them, a line. */
export interface SourceLocation {
  readonly file: string;
  /** 1-based. @default - unknown */
  readonly line?: number;
}

/** A suppression written in Terraform (a comment on a resource) or in the config file. */
export interface SourceSuppression {
  /** A rule id (`SEC-1.RedisAccessKeys`) or a lesson id (`SEC-1`). */
  readonly id: string;
  readonly reason: string;
  /** @default - every finding of the rule */
  readonly appliesTo?: string[];
  /** The address it covers: the resource, or a module address and everything in it. */
  readonly address: string;
  readonly location: SourceLocation;
  /** Set when it suppressed a finding. */
  used?: boolean;
}

/** A resource read from Terraform files or a plan, as rules see it, with where it was written. */
export interface SourceResource extends RuleResource {
  readonly location?: SourceLocation;
  /**
   * The line (1-based, in `location`'s file) of each top-level setting where the reader knows it
   * (a backend configuration file's keys): a finding on one is placed there, not at the block.
   * @default - every finding at `location`
   */
  readonly settingLines?: { readonly [setting: string]: number };
}

/** What one input path gave: its resources, the suppressions written there, and what could not be read. */
export interface SourceRead {
  readonly resources: SourceResource[];
  readonly suppressions: SourceSuppression[];
  /** One message line per thing not read (a remote module), in the finding format. */
  readonly notRead: Notice[];
  /**
   * The Terraform variables the values may still name (`${var.x}` left as written: a sensitive
   * one, or one without a default), for the value checks.
   * @default - none
   */
  readonly variables?: TerraformVariables;
  /**
   * The root module's blocks that are no resources, as the rules see them (`CONFIGURATION_TYPES`):
   * outputs (type `output`, address `output.<name>`, attributes `value` and `sensitive`),
   * providers (`provider.<name>[.<alias>]`), the backend (`terraform.backend.<type>`), variables
   * (`var.<name>`: `default`, `sensitive`) and locals (`local.<name>`: `value`), as far as the
   * input holds them (a plan has no backend and no locals).
   * @default - none
   */
  readonly rootConfiguration?: SourceResource[];
}

/** The kinds of notice: a module not read, a suppression that suppressed nothing, a file kept for `-var-file` or `-backend-config` that does not parse. */
export type NoticeId = 'AZURE.ModuleNotRead' | 'AZURE.UnusedSuppression' | 'AZURE.FileNotRead';

/** A message about the input rather than a rule's finding (a module not read, a stale suppression). */
export interface Notice {
  /** Its kind: each has its SARIF rule (`NOTICE_RULES` in sarif.ts). */
  readonly id: NoticeId;
  readonly message: string;
  /** The module or resource it concerns. */
  readonly address: string;
  readonly location?: SourceLocation;
}

/**
 * Input the command cannot read (a file that does not parse, an unknown option, a plan of another
 * format): exit code 2. The message is one line in the finding format.
 */
export class LessonsInputError extends Error {
  constructor(where: string, finding: Omit<Finding, 'lesson'>) {
    super(FindingFormat.format(where, { lesson: 'AZURE', ...finding }));
    this.name = 'LessonsInputError';
  }
}

/** The 1-based line at `index` of `text`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/** A file's text, or the input error that says it cannot be read. */
export function readInputFile(file: string, display: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new LessonsInputError(display, { setting: 'file', given: display, problem: `it cannot be read (${(error as Error).message}).`, fix: 'give a readable Terraform file or directory.' });
  }
}

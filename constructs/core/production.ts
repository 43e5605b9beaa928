import { TerraformResource, TerraformStack } from 'cdktf';
import { IConstruct } from 'constructs';
import { Finding, IdentifiedFinding, LessonFinding, refuse, warn } from './validation';

const PRODUCTION = new WeakMap<TerraformStack, boolean>();

/**
 * Production-dependent behaviour in one place: which stacks are production, "refuse in
 * production, warn elsewhere", and protection from destroy. Constructs ask here instead of
 * reading their stack, so a plain `TerraformStack` that opts in behaves like an `AzureStack`.
 */
export class Production {
  /** Record whether `stack` deploys production (`AzureStack` does this for itself). */
  public static mark(stack: TerraformStack, production: boolean): void {
    PRODUCTION.set(stack, production);
  }

  /**
   * Whether `scope` deploys to production: what its stack was marked with; for a stack nobody
   * marked, `true`, so the stricter rules apply unless a construct is told otherwise.
   */
  public static isProduction(scope: IConstruct): boolean {
    return PRODUCTION.get(TerraformStack.of(scope)) ?? true;
  }

  /**
   * Whether `scope`'s stack was marked as production: for rules that only make sense where a
   * stack says what it deploys (the release rule), and stay off in an unmarked stack.
   */
  public static isDeclaredProduction(scope: IConstruct): boolean {
    return PRODUCTION.get(TerraformStack.of(scope)) === true;
  }

  /** Whether `scope`'s stack was marked at all (by `AzureStack` or `LessonsCheck.applyTo`). */
  public static isMarked(scope: IConstruct): boolean {
    return PRODUCTION.has(TerraformStack.of(scope));
  }

  /**
   * Refuse the finding in production, warn about it elsewhere: for choices that are acceptable
   * while developing and a defect once real traffic and data depend on them.
   * @param production @default Production.isProduction(scope)
   */
  public static refuseOrWarn(scope: IConstruct, finding: Finding, production?: boolean): void {
    refuseOrWarn(scope, { ...(finding as LessonFinding), id: finding.id ?? finding.lesson }, production);
  }

  /**
   * Terraform's `prevent_destroy` on `resource` when `protect` holds (by default in production),
   * so a plan that would destroy or replace what holds data fails instead.
   * @param protect @default Production.isProduction(resource)
   */
  public static protectFromDestroy(resource: TerraformResource, protect?: boolean): boolean {
    const on = protect ?? Production.isProduction(resource);
    if (on) resource.lifecycle = { ...(resource.lifecycle ?? {}), preventDestroy: true };
    return on;
  }

  private constructor() {}
}

/**
 * `Production.refuseOrWarn` for this library's constructs: the warning's id can be a rule's,
 * with the rule settings it stands for (`ruleSettings`), so the rule reports it once, as a warning.
 */
export function refuseOrWarn(scope: IConstruct, finding: IdentifiedFinding, production?: boolean): void {
  if (production ?? Production.isProduction(scope)) refuse(scope, finding);
  warn(scope, finding);
}

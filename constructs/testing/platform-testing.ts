import { TerraformStack, Testing } from 'cdktf';
import { publishFindings } from '../core/findings';
import { LessonsCheck } from '../stack/lessons-check';
import { SharedSynthesis } from '../stack/shared-synthesis';
import { LessonsReport } from '../lessons-check/report';

/**
 * For consumers' own tests: synthesize a stack the way `cdktf synth` would judge it. A plain
 * `Testing.synth` snapshot does not fail on lessons-check errors (they sit in metadata), so a
 * snapshot could record a stack `cdktf deploy` refuses; these helpers fail instead.
 *
 * ```ts
 * expect(PlatformTesting.synth(new OrdersStack(app, 'dev'))).toMatchSnapshot();
 * ```
 */
export class PlatformTesting {
  /**
   * `Testing.synth(stack)`, after which every error annotation of the stack (lessons-check errors
   * and any construct's) fails with one message listing them all, each in the usual
   * `[ID] <path>: <setting> = <value>: <problem> Fix: <fix>` form. Refusals at construction throw
   * before this runs, with the same form; so do the constructs' validations (`node.addValidation`),
   * which `cdktf synth` runs. An `AzureStack` is judged as its `cdktf synth` judges it: the lessons
   * check after every aspect, on the JSON written.
   */
  public static synth(stack: TerraformStack): string {
    // On an AzureStack, as its own synth: the lessons check after every aspect, on the JSON written.
    const json = SharedSynthesis.asSynth(stack, () => {
      const synthesized = Testing.synth(stack);
      LessonsCheck.of(stack)?._runAtSynth(stack);
      return synthesized;
    });
    // What cdktf synth's validation step refuses too (a construct's `node.addValidation`).
    const errors = [...stack.node.findAll().flatMap((c) => c.node.validate()), ...PlatformTesting.errors(stack)];
    if (errors.length > 0) {
      throw new Error(`${stack.node.id}: ${errors.length} error(s) that fail \`cdktf synth\`:\n${errors.map((e) => `  ${e}`).join('\n')}`);
    }
    return json;
  }

  /** Error messages under the stack (run `Testing.synth` or `PlatformTesting.synth` first so the aspects ran). */
  public static errors(stack: TerraformStack): string[] {
    return PlatformTesting.annotations(stack, '@cdktf/error');
  }

  /**
   * Warning messages under the stack. The constructs' own warnings become annotations at synth,
   * unless a suppression covers them by then; this publishes them first, as a synth would.
   */
  public static warnings(stack: TerraformStack): string[] {
    publishFindings(stack);
    return PlatformTesting.annotations(stack, '@cdktf/warn');
  }

  /** Notes (info annotations) under the stack, the constructs' own published first. */
  public static notes(stack: TerraformStack): string[] {
    publishFindings(stack);
    return PlatformTesting.annotations(stack, '@cdktf/info');
  }

  /** The lessons report of the stack (the rules run if the synth has not run them), or undefined without a lessons check. */
  public static report(stack: TerraformStack): LessonsReport | undefined {
    return LessonsCheck.of(stack)?.reportOf(stack);
  }

  private static annotations(stack: TerraformStack, type: string): string[] {
    return stack.node.findAll().flatMap((c) => c.node.metadata.filter((m) => m.type === type).map((m) => String(m.data)));
  }

  private constructor() {}
}

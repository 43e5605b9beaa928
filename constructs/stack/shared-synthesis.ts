import { ISynthesisSession, IStackSynthesizer, TerraformStack } from 'cdktf';
import { hasOtherSynthesis } from '../core/own-synthesis';

/**
 * A stack's resolved Terraform JSON, as far as its readers go: resources and data sources by type
 * and logical id, outputs, variables and locals by id, providers by type (a list of
 * configurations), and the `terraform` block (the backend).
 */
export interface StackJson {
  readonly resource?: Record<string, Record<string, Record<string, unknown>>>;
  readonly data?: Record<string, Record<string, Record<string, unknown>>>;
  readonly output?: Record<string, Record<string, unknown>>;
  readonly variable?: Record<string, Record<string, unknown>>;
  readonly locals?: Record<string, unknown>;
  readonly module?: Record<string, Record<string, unknown>>;
  readonly provider?: Record<string, unknown>;
  readonly terraform?: Record<string, unknown>;
}

/** The stacks whose synthesizer shares their JSON (AzureStack). */
const WRAPPED = new WeakSet<TerraformStack>();

/**
 * The stacks synthesizing now: their JSON once the library's synthesis step resolved it, and
 * whether cdktf's write of `cdk.tf.json` may take it (no other custom synthesis step could have
 * changed a resource after it).
 */
const SYNTHESIZING = new WeakMap<TerraformStack, { json?: StackJson; shared?: boolean }>();

/**
 * One resolution of a stack's Terraform JSON per synth, shared by the library's readers at the
 * custom synthesis step (the lessons check, the preflight manifest) and cdktf's write of
 * `cdk.tf.json`: resolving every resource again for the rules was most of what the check cost per
 * resource (issue 30). `AzureStack` uses it; a plain `TerraformStack` keeps reading its resources
 * one attribute at a time.
 *
 * The JSON is resolved when a reader first asks at the custom synthesis step, after every aspect
 * and validation; the library's own steps there change no resource. When the stack has another
 * custom synthesis step (cdktf's `TerraformAsset`, a team's own), cdktf's write resolves the JSON
 * again, so what such a step changes is written (the library's readers do not see it).
 */
export class SharedSynthesis {
  /** `inner`, run with the stack marked as synthesizing. */
  public static wrap(stack: TerraformStack, inner: IStackSynthesizer): IStackSynthesizer {
    WRAPPED.add(stack);
    return { synthesize: (session: ISynthesisSession) => SharedSynthesis.asSynth(stack, () => inner.synthesize(session)) };
  }

  /**
   * `run`, with a stack whose synthesizer is wrapped marked as synthesizing, as its own synth
   * marks it (`PlatformTesting.synth` judges a stack as `cdktf synth` does); any other stack, as it is.
   */
  public static asSynth<T>(stack: TerraformStack, run: () => T): T {
    if (!WRAPPED.has(stack) || SYNTHESIZING.has(stack)) return run();
    SYNTHESIZING.set(stack, {});
    try {
      return run();
    } finally {
      SYNTHESIZING.delete(stack);
    }
  }

  /** For `AzureStack.toTerraform`: the JSON the readers resolved in this synth when nothing can have changed it since, else `resolve()`. */
  public static json(stack: TerraformStack, resolve: () => StackJson): StackJson {
    const synth = SYNTHESIZING.get(stack);
    return synth?.json !== undefined && synth.shared === true ? synth.json : resolve();
  }

  /** Whether `stack` is synthesizing now through a shared synthesis. */
  public static inProgress(stack: TerraformStack): boolean {
    return SYNTHESIZING.has(stack);
  }

  /**
   * For the library's readers at the custom synthesis step only (never from an aspect: the aspects
   * after it would not be in the JSON): the stack's resolved JSON in a shared synthesis, else
   * undefined (the reader reads each resource).
   */
  public static jsonOf(stack: TerraformStack): StackJson | undefined {
    const synth = SYNTHESIZING.get(stack);
    // Written as HCL, cdktf resolves no JSON to share (cdktf's own test of the setting).
    if (synth === undefined || process.env.SYNTH_HCL_OUTPUT === 'true' || process.env.SYNTH_HCL_OUTPUT === '1') return undefined;
    if (synth.json === undefined) {
      synth.json = stack.toTerraform() as StackJson;
      synth.shared = !hasOtherSynthesis(stack);
    }
    return synth.json;
  }

  private constructor() {}
}

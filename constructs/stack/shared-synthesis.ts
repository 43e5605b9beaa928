import { ISynthesisSession, IStackSynthesizer, TerraformStack } from 'cdktf';

/** A stack's resolved Terraform JSON, as far as its readers go: resources and data sources by type and logical id, outputs by id. */
export interface StackJson {
  readonly resource?: Record<string, Record<string, Record<string, unknown>>>;
  readonly data?: Record<string, Record<string, Record<string, unknown>>>;
  readonly output?: Record<string, Record<string, unknown>>;
}

/** The stacks whose synthesizer shares their JSON (AzureStack). */
const WRAPPED = new WeakSet<TerraformStack>();

/** The stacks synthesizing now, each with its Terraform JSON once something resolved it. */
const SYNTHESIZING = new WeakMap<TerraformStack, { json?: unknown }>();

/**
 * One resolution of a stack's Terraform JSON per synth, shared by cdktf's own write of
 * `cdk.tf.json` and the readers that run at synth (the lessons check): resolving every resource
 * again for the rules was most of what the check cost per resource (issue 30). `AzureStack` uses
 * it; a plain `TerraformStack` keeps reading its resources one attribute at a time.
 *
 * Within a synth the JSON is resolved when first asked for, after the aspects and validations ran
 * (the custom synthesis step); nothing the library does at that step changes a resource.
 */
export class SharedSynthesis {
  /** `inner`, run with the stack marked as synthesizing (its JSON resolved once until it ends). */
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

  /** What `resolve` gives, once per synth of `stack` (every call outside a synth resolves again). */
  public static json<T>(stack: TerraformStack, resolve: () => T): T {
    const synth = SYNTHESIZING.get(stack);
    if (synth === undefined) return resolve();
    if (synth.json === undefined) synth.json = resolve();
    return synth.json as T;
  }

  /** Whether `stack` is synthesizing now through a shared synthesis (its readers may wait for its JSON). */
  public static inProgress(stack: TerraformStack): boolean {
    return SYNTHESIZING.has(stack);
  }

  /** The stack's resolved JSON when it is synthesizing through a shared synthesis, else undefined (the reader resolves what it reads). */
  public static jsonOf(stack: TerraformStack): StackJson | undefined {
    return SYNTHESIZING.has(stack) ? stack.toTerraform() as StackJson : undefined;
  }

  private constructor() {}
}

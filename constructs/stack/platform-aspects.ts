import { Aspects, TerraformStack } from 'cdktf';
import { LessonsCheck } from './lessons-check';
import { PreflightManifests } from './preflight-manifest';
import { RequestPathModel } from './request-path-model';
import { RulePack } from '../lessons-check/pack';
import { Production } from '../core/production';
import { TagsAspect } from '../core/tags';
import { AzureServices } from '../core/azure-service';
import { PLATFORM_SERVICES } from './platform-services';

/** What `PlatformAspects.applyTo` adds to a stack. */
export interface PlatformAspectsOptions {
  /**
   * Whether the stack deploys production: the constructs' production rules and the
   * production-only lessons-check rules apply.
   * @default true (the stricter rules)
   */
  readonly production?: boolean;
  /**
   * Tags for every taggable resource of the stack.
   * @default - none
   */
  readonly tags?: { [name: string]: string };
  /** Rule packs besides the platform lessons pack. @default - none */
  readonly lessonPacks?: RulePack[];
}

/**
 * What an `AzureStack` does for itself, for any `TerraformStack` that opts in: the production
 * mark, the lessons check with its report, the deploy prerequisites (`preflight.json`), and the
 * tags aspect. For teams with their own stack
 * base class and provider set-up.
 *
 * ```ts
 * PlatformAspects.applyTo(stack, { production: false, tags: { owner: 'orders' } });
 * ```
 */
export class PlatformAspects {
  public static applyTo(stack: TerraformStack, options: PlatformAspectsOptions = {}): LessonsCheck {
    Production.mark(stack, options.production ?? true);
    // The services a construct given only a resource type looks it up in (a PrivateEndpoint without its zones).
    AzureServices.attach(stack, PLATFORM_SERVICES);
    const check = LessonsCheck.applyTo(stack, { production: options.production ?? true });
    for (const pack of options.lessonPacks ?? []) check.addPack(pack);
    PreflightManifests.applyTo(stack);
    RequestPathModel.writeAtSynth(stack);
    if (options.tags) {
      TagsAspect.check(stack, options.tags);
      Aspects.of(stack).add(new TagsAspect(options.tags));
    }
    return check;
  }

  private constructor() {}
}

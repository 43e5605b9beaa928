import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { Production } from './production';
import { refuse } from './validation';

/** Public sample images: fine for a first deploy, never for production. */
export const PLACEHOLDER_IMAGES: readonly string[] = [
  'mcr.microsoft.com/dotnet/samples',
  'mcr.microsoft.com/k8se/quickstart',
  'mcr.microsoft.com/azuredocs/containerapps-helloworld',
  'mcr.microsoft.com/azuredocs/aci-helloworld',
];

/** An image reference split into repository, tag and digest. */
export interface ParsedImage {
  readonly repository: string;
  readonly tag?: string;
  readonly digest?: string;
}

export function parseImage(image: string): ParsedImage {
  const [withoutDigest, digest] = image.split('@', 2);
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  const repository = colon === -1 ? withoutDigest : withoutDigest.slice(0, colon);
  const tag = colon === -1 ? undefined : withoutDigest.slice(colon + 1);
  return { repository, ...(tag ? { tag } : {}), ...(digest ? { digest } : {}) };
}

/** Why an image must not run in production, and what to do. */
export interface ReleaseImageProblem {
  readonly problem: string;
  readonly fix: string;
}

/** The release rule: what a production environment may run. */
export class ReleaseImage {
  /**
   * Why `image` must not run in production (a public sample, or no version tag or digest), with
   * the fix; undefined when it may. A Terraform reference is not checked.
   */
  public static problemOf(image: string): ReleaseImageProblem | undefined {
    if (Token.isUnresolved(image)) return undefined;
    const parsed = parseImage(image);
    if (PLACEHOLDER_IMAGES.some((p) => parsed.repository.toLowerCase() === p)) {
      return {
        problem: 'this is a public sample image, a placeholder for a first deploy, not the application.',
        fix: 'set the environment\'s image to your application image, e.g. <registry>.azurecr.io/<repository>:<version>.',
      };
    }
    if (!parsed.digest && (!parsed.tag || parsed.tag.toLowerCase() === 'latest')) {
      return {
        problem: 'an untagged or `latest` image can change under the same deployment, so what runs is not what was reviewed.',
        fix: 'pin a version tag (e.g. :1.4.2) or a digest (@sha256:...).',
      };
    }
    return undefined;
  }

  /**
   * Refuse an image a production stack must not run (RELEASE). Outside production nothing is
   * checked: a sample image is how a first deploy starts.
   * @param production @default Production.isDeclaredProduction(scope): a stack marked production
   */
  public static check(scope: IConstruct, setting: string, image: string, production?: boolean): void {
    if (!(production ?? Production.isDeclaredProduction(scope))) return;
    const problem = ReleaseImage.problemOf(image);
    if (problem) refuse(scope, { lesson: 'RELEASE', setting, given: image, ...problem });
  }

  private constructor() {}
}

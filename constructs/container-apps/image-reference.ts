import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { Production } from '../core/production';
import { refuse } from '../core/validation';

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

/** A path component of a repository (OCI distribution spec). */
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
/** A registry host with an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
const DIGEST = /^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[a-fA-F0-9]{32,}$/;

/** Image reference checks: well-formed everywhere, pinned and real in production. */
export class ImageReference {
  /**
   * What is wrong with `image` as an OCI reference (`[host[:port]/]repository[:tag][@digest]`),
   * or undefined when it is one. A Terraform reference is not checked.
   */
  public static problemOf(image: string): string | undefined {
    if (Token.isUnresolved(image)) return undefined;
    if (image.trim() !== image || image.length === 0 || /\s/.test(image)) return 'an image reference has no spaces and is not empty.';
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(image)) return 'an image reference has no URL scheme: Container Apps pulls <registry>/<repository>:<tag>, not a URL.';
    const { repository, tag, digest } = parseImage(image);
    if (tag !== undefined && !TAG.test(tag)) return `the tag ${JSON.stringify(tag)} is not a valid tag (letters, digits, _ . -, at most 128, not starting with . or -).`;
    if (digest !== undefined && !DIGEST.test(digest)) return `the digest ${JSON.stringify(digest)} is not <algorithm>:<hex>, e.g. sha256:<64 hex digits>.`;
    const parts = repository.split('/');
    const hasHost = parts.length > 1 && (parts[0].includes('.') || parts[0].includes(':') || parts[0] === 'localhost');
    if (hasHost && !HOST.test(parts[0])) return `the registry host ${JSON.stringify(parts[0])} is not a host name.`;
    const path = hasHost ? parts.slice(1) : parts;
    const bad = path.find((component) => !PATH_COMPONENT.test(component));
    if (bad !== undefined) {
      return /[A-Z]/.test(bad)
        ? `the repository part ${JSON.stringify(bad)} has upper-case letters, which registries refuse: repository names are lower-case.`
        : `the repository part ${JSON.stringify(bad)} is not lower-case letters and digits separated by . _ __ or -.`;
    }
    return undefined;
  }

  /** Refuse an image that is not a well-formed reference (any environment: Azure refuses it at apply). */
  public static check(scope: IConstruct, setting: string, image: string): void {
    const problem = ImageReference.problemOf(image);
    if (problem) {
      refuse(scope, {
        lesson: 'AZURE', setting, given: image, problem: `Container Apps cannot pull it: ${problem}`,
        fix: 'give <registry>/<repository>:<tag>, e.g. contoso.azurecr.io/orders/api:1.4.2 (lower-case repository, no https://).',
      });
    }
  }

  private constructor() {}
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

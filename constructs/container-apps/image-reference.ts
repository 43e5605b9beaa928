import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
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

/**
 * Refuse an image a production environment must not run: a public sample (placeholder), or a
 * reference without a tag or digest, or tagged `latest`, since the same deploy could then run
 * different code tomorrow and a revision restart could silently upgrade.
 */
export function checkReleaseImage(scope: IConstruct, setting: string, image: string): void {
  if (Token.isUnresolved(image)) return;
  const parsed = parseImage(image);
  if (PLACEHOLDER_IMAGES.some((p) => parsed.repository.toLowerCase() === p)) {
    refuse(scope, {
      lesson: 'RELEASE', setting, given: image,
      problem: 'this is a public sample image, a placeholder for a first deploy, not the application.',
      fix: 'set the environment\'s image to your application image, e.g. <registry>.azurecr.io/<repository>:<version>.',
    });
  }
  if (!parsed.digest && (!parsed.tag || parsed.tag.toLowerCase() === 'latest')) {
    refuse(scope, {
      lesson: 'RELEASE', setting, given: image,
      problem: 'an untagged or `latest` image can change under the same deployment, so what runs is not what was reviewed.',
      fix: 'pin a version tag (e.g. :1.4.2) or a digest (@sha256:...).',
    });
  }
}

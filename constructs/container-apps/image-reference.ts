import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { refuse } from '../core/validation';
import { parseImage } from '../core/release-image';

// The release rule lives in core, where the lessons check's rules can read it too.
export { PLACEHOLDER_IMAGES, ParsedImage, ReleaseImage, ReleaseImageProblem, parseImage } from '../core/release-image';

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

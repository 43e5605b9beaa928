import { TerraformVariable } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ImageReference, ReleaseImage, parseImage } from '../../constructs/container-apps/image-reference';
import { testStack } from '../support/synth';

// The image reference parser and the problems it names; the constructs' refusals of a bad image
// are in their own suites (container-service, dual-ingress-container-app).

describe('parseImage', () => {
  it('splits host, repository, tag and digest, and keeps an untagged repository whole', () => {
    expect(parseImage('contoso.azurecr.io/orders/api')).toEqual({ repository: 'contoso.azurecr.io/orders/api' });
    expect(parseImage('localhost:5000/orders/api:1.4.2')).toEqual({ repository: 'localhost:5000/orders/api', tag: '1.4.2' });
    expect(parseImage(`api@sha256:${'a'.repeat(64)}`)).toEqual({ repository: 'api', digest: `sha256:${'a'.repeat(64)}` });
  });
});

describe('ImageReference.problemOf', () => {
  it('takes registry hosts in any case, with a port, and Docker Hub names', () => {
    for (const image of ['Contoso.AzureCR.io/orders/api:1.4.2', 'localhost:5000/orders/api:1', 'localhost/api:1', 'orders/api:1', 'api']) {
      expect(ImageReference.problemOf(image)).toBeUndefined();
    }
  });

  it('does not check a Terraform reference', () => {
    const image = new TerraformVariable(testStack(), 'image', { type: 'string' }).stringValue;
    expect(ImageReference.problemOf(image)).toBeUndefined();
    expect(ReleaseImage.problemOf(image)).toBeUndefined();
  });

  it('names spaces and emptiness as the problem of an image with spaces or none', () => {
    for (const image of ['', ' contoso.azurecr.io/api:1', 'contoso.azurecr.io/api:1 ', 'contoso.azurecr.io/my api:1']) {
      expect(ImageReference.problemOf(image)).toMatch(/no spaces and is not empty/);
    }
  });

  it('names upper-case letters in a repository without a registry host (Docker Hub names are lower-case)', () => {
    expect(ImageReference.problemOf('Orders/api:1')).toMatch(/"Orders" has upper-case letters/);
    expect(ImageReference.problemOf('Orders.Api:1')).toMatch(/"Orders\.Api" has upper-case letters/);
  });

  it('names a malformed registry host and a malformed repository part', () => {
    expect(ImageReference.problemOf('contoso..azurecr.io/api:1')).toMatch(/registry host "contoso\.\.azurecr\.io" is not a host name/);
    expect(ImageReference.problemOf('contoso.azurecr.io/api_:1')).toMatch(/repository part "api_" is not lower-case letters and digits separated/);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICTURES_DIR, StackPicture, drawStacks } from '../../tools/request-paths/pictures';
import { renderRequestPath } from '../../tools/request-paths/render';

/** The texts of an SVG, entities decoded: what a reader sees. */
function textsOf(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]
    .replace(/&#45;/g, '-').replace(/&#39;/g, '\'').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

const resources = (p: StackPicture, type: string) => Object.values(p.terraform.resource?.[type] ?? {});

/**
 * Every timeout layer of the stack, from the construct tree (each construct that applies one says
 * so in its `timeoutLayer`) and from the synthesized JSON (each forward-request timeout in an API
 * Management policy, each Front Door profile's origin response timeout), as the picture spells it.
 */
function expectedTimeouts(p: StackPicture): string[] {
  const fromTree = p.construct.node.findAll().flatMap((c) => {
    const layer = (c as { timeoutLayer?: { layer: string; timeoutSeconds: number } }).timeoutLayer;
    return layer ? [`${layer.layer} ${layer.timeoutSeconds} s`] : [];
  });
  const forward = resources(p, 'azurerm_api_management_api_policy').flatMap((policy) =>
    [...String(policy.xml_content).matchAll(/<forward-request[^>]*\btimeout="(\d+)"/g)].map((m) => `API Management forward-request timeout ${m[1]} s`));
  const edge = resources(p, 'azurerm_cdn_frontdoor_profile').map((profile) => `Front Door origin response timeout ${profile.response_timeout_seconds as number} s`);
  return [...new Set([...fromTree, ...forward, ...edge])];
}

/**
 * Every ingress of the stack, from the synthesized JSON: each Container App (its name, and its
 * transport and port where it has an ingress), each Front Door endpoint, each API Management API
 * path, each function app.
 */
function expectedIngresses(p: StackPicture): { name: string; text: (texts: string[]) => boolean }[] {
  const exact = (value: string) => (texts: string[]) => texts.includes(value);
  const apps = resources(p, 'azurerm_container_app').flatMap((app) => {
    const ingress = app.ingress as { transport: string; target_port: number } | undefined;
    return [
      { name: `container app ${app.name as string}`, text: exact(app.name as string) },
      ...(ingress ? [{
        name: `ingress of ${app.name as string}`,
        text: (texts: string[]) => texts.some((t) => t.startsWith(`ingress ${ingress.transport}, port ${ingress.target_port}, `)),
      }] : []),
    ];
  });
  const endpoints = resources(p, 'azurerm_cdn_frontdoor_endpoint').map((e) => ({ name: `endpoint ${e.name as string}`, text: exact(e.name as string) }));
  const apiPaths = [
    ...resources(p, 'azurerm_api_management_api').map((api) => api.path as string),
    ...resources(p, 'azapi_resource').filter((r) => String(r.type).startsWith('Microsoft.ApiManagement/service/apis@'))
      .map((r) => (r.body as { properties: { path: string } }).properties.path),
  ].map((path) => ({ name: `API /${path}`, text: (texts: string[]) => texts.some((t) => t.startsWith(`/${path} (`)) }));
  const functionApps = resources(p, 'azapi_resource').filter((r) => String(r.type).startsWith('Microsoft.Web/sites@'))
    .map((r) => ({ name: `function app ${r.name as string}`, text: exact(r.name as string) }));
  return [...apps, ...endpoints, ...apiPaths, ...functionApps];
}

describe('request-path pictures of the platform\'s stacks', () => {
  let pictures: StackPicture[];
  beforeAll(async () => {
    pictures = await drawStacks();
  }, 120_000);

  it('draws every stack of every environment', () => {
    expect(pictures.map((p) => p.stack).sort()).toEqual([
      'api-patterns-dev', 'api-patterns-prod', 'payments-dev', 'payments-prod', 'rate-limiting-dev', 'rate-limiting-prod', 'realtime-dev', 'realtime-prod',
    ]);
  });

  it('shows every timeout layer of each stack', () => {
    for (const p of pictures) {
      const expected = expectedTimeouts(p);
      expect(expected.length, p.stack).toBeGreaterThan(0);
      const texts = textsOf(p.svg);
      expect(expected.filter((t) => !texts.includes(t)), `${p.stack}: timeout layers missing from the picture`).toEqual([]);
    }
  });

  it('shows every ingress of each stack', () => {
    for (const p of pictures) {
      const expected = expectedIngresses(p);
      expect(expected.length, p.stack).toBeGreaterThan(0);
      const texts = textsOf(p.svg);
      expect(expected.filter((i) => !i.text(texts)).map((i) => i.name), `${p.stack}: ingresses missing from the picture`).toEqual([]);
    }
  });

  it('names the protocol and a timeout on every arrow, and the caller check and limiter key of every gateway API', () => {
    for (const p of pictures) {
      const texts = textsOf(p.svg);
      for (const hop of p.model.hops) expect(texts, `${p.stack}: ${hop.from} -> ${hop.to}`).toContain(hop.protocol);
      const apis = p.model.nodes.filter((n) => n.kind === 'api');
      expect(texts.filter((t) => t.startsWith('caller check: ')).length, p.stack).toBeGreaterThanOrEqual(apis.length);
      expect(texts.filter((t) => t.startsWith('limiter key: ')).length, p.stack).toBeGreaterThanOrEqual(apis.length);
    }
  });

  it('draws the same bytes again from the same model', async () => {
    for (const p of pictures) expect(await renderRequestPath(p.model) === p.svg, p.stack).toBe(true);
  });

  it('fails when a committed picture in docs/paths is out of date (run npm run paths)', () => {
    const stale = pictures.filter((p) => {
      const file = join(__dirname, '..', '..', PICTURES_DIR, `${p.stack}.svg`);
      try {
        return readFileSync(file, 'utf8') !== p.svg;
      } catch {
        return true;
      }
    }).map((p) => `${PICTURES_DIR}/${p.stack}.svg`);
    expect(stale, 'out of date: run `npm run paths` and commit docs/paths').toEqual([]);
  });
});

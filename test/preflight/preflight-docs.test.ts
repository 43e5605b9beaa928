import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';
import { BEGIN, END, renderTable, replaceBlock } from '../../tools/preflight-docs/render';
import { synthAll } from '../support/app';

/**
 * docs/deploy.md's table of what each stack needs is generated from the synthesized stacks'
 * preflight manifests (`npm run docs:preflight`): it fails here when a change to a stack or a
 * construct (another Graph permission, a new role assignment, a region) left it stale.
 */
describe('docs/deploy.md: what each stack needs', () => {
  const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'deploy.md'), 'utf8');

  it('holds the table the synthesized stacks give (run npm run docs:preflight when this fails)', () => {
    const manifests = synthAll().map(({ stack }) => PreflightManifests.of(stack));
    expect(manifests.map((m) => m.stack)).toEqual(['realtime-dev', 'rate-limiting-dev', 'api-patterns-dev', 'payments-dev', 'realtime-prod', 'rate-limiting-prod', 'api-patterns-prod', 'payments-prod']);
    expect(doc).toBe(replaceBlock(doc, renderTable(manifests)));
  });

  it('names, for realtime, Event Grid\'s service principal and the Graph permissions of its registration', () => {
    const realtime = doc.slice(doc.indexOf('#### realtime'));
    const row = (label: string) => realtime.split('\n').find((l) => l.startsWith(`| ${label} |`));
    expect(row('Tenant prerequisites')).toBe('| Tenant prerequisites | service principal `4962773b-9cdb-44cf-a8bf-237846a00ab7` (Microsoft.EventGrid): `az ad sp create --id 4962773b-9cdb-44cf-a8bf-237846a00ab7` where missing | service principal `4962773b-9cdb-44cf-a8bf-237846a00ab7` (Microsoft.EventGrid): `az ad sp create --id 4962773b-9cdb-44cf-a8bf-237846a00ab7` where missing |');
    expect(row('Microsoft Graph permissions of the deployer')).toBe('| Microsoft Graph permissions of the deployer | `AppRoleAssignment.ReadWrite.All`<br>`Application.Read.All`<br>`Application.ReadWrite.OwnedBy` | `AppRoleAssignment.ReadWrite.All`<br>`Application.Read.All`<br>`Application.ReadWrite.OwnedBy` |');
  });

  it('fails when the markers of the generated block are missing, instead of writing the table elsewhere', () => {
    expect(() => replaceBlock('# Deploying\n', 'table')).toThrow(`docs/deploy.md lacks the markers ${BEGIN} ... ${END}`);
    expect(replaceBlock(`a\n${BEGIN}\nold\n${END}\nb\n`, 'new\n')).toBe(`a\n${BEGIN}\n\nnew\n\n${END}\nb\n`);
  });
});

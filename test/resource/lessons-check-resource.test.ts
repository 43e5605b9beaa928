import { Fn, TerraformVariable, Testing } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { ResourceGroup } from '@cdktf/provider-azurerm/lib/resource-group';
import { StorageAccount } from '@cdktf/provider-azurerm/lib/storage-account';
import { ManagementLock } from '@cdktf/provider-azurerm/lib/management-lock';
import { Resource as AzapiResource } from '../../.gen/providers/azapi/resource';
import { AzureStack } from '../../constructs/stack/azure-stack';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { RuleLevel } from '../../constructs/lessons-check/pack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { LessonsCommand } from '../../constructs/lessons-cli/command';
import { failuresOf, lessonsOn } from '../support/hcl';
import { rawStack, rows, statusOf } from '../support/lessons-rules';

import { errorsOf, warningsOf } from '../support/synth';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// Regions that pass synth and fail at apply, on raw resources (review of issue 27, item 8): an
// access-restricted region warns (canary and sovereign-cloud regions are AZURE.ResourceLocation's errors).
const RULE = 'AZURE.RestrictedResourceLocation';

describe('AZURE.RestrictedResourceLocation on raw resources in an AzureStack', () => {
  it('fails (a warning) when a raw resource is in an access-restricted region, written out, as a display name or a variable default', () => {
    const stack = rawStack();
    new ResourceGroup(stack, 'north', { name: 'rg-north', location: 'germanynorth' });
    new ResourceGroup(stack, 'uae', { name: 'rg-uae', location: 'UAE Central' });
    new StorageAccount(stack, 'st', {
      name: 'stother', resourceGroupName: 'rg', accountTier: 'Standard', accountReplicationType: 'LRS', sharedAccessKeyEnabled: false,
      location: new TerraformVariable(stack, 'region', { type: 'string', default: 'switzerlandwest' }).stringValue,
    });
    Testing.synth(stack);
    const warnings = warningsOf(stack).filter((w) => w.startsWith(`[${RULE}]`));
    expect(warnings).toEqual([
      expect.stringMatching(/^\[AZURE\.RestrictedResourceLocation\] other-dev\/north: location = "germanynorth": germanynorth is access restricted .* Fix: use germanywestcentral, or request access/),
      expect.stringMatching(/^\[AZURE\.RestrictedResourceLocation\] other-dev\/uae: location = "UAE Central": uaecentral is access restricted .* Fix: use uaenorth/),
      expect.stringMatching(/^\[AZURE\.RestrictedResourceLocation\] other-dev\/st: location = "switzerlandwest": switzerlandwest is access restricted .* Fix: use switzerlandnorth/),
    ]);
    // A warning, not an error: the synth goes on.
    expect(errorsOf(stack)).toEqual([]);
    expect(rows(stack, RULE, 'north')).toEqual([expect.objectContaining({ level: RuleLevel.WARNING, status: ReportStatus.NON_COMPLIANT })]);
  });

  // AzureRegion.allow lifts the limit for the whole process (limitOf, test/core/azure-region.test.ts): not
  // called here, where the test files share one process and another file checks norwaywest's limit.
  it('passes an open region and a reference; leaves canary and sovereign regions to AZURE.ResourceLocation', () => {
    const stack = rawStack();
    const group = new ResourceGroup(stack, 'open', { name: 'rg-open', location: 'westeurope' });
    new StorageAccount(stack, 'ref', { name: 'stref', resourceGroupName: group.name, location: group.location, accountTier: 'Standard', accountReplicationType: 'LRS', sharedAccessKeyEnabled: false });
    new ResourceGroup(stack, 'canary', { name: 'rg-canary', location: Fn.lower('CentralUSEUAP') });
    Testing.synth(stack);
    expect(warningsOf(stack).filter((w) => w.startsWith(`[${RULE}]`))).toEqual([]);
    expect(rows(stack, RULE, 'open').map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
    expect(rows(stack, RULE, 'ref')).toEqual([]);
    expect(rows(stack, RULE, 'canary').map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
    expect(errorsOf(stack)).toEqual([expect.stringMatching(/^\[AZURE\.ResourceLocation\] other-dev\/canary: location = "centraluseuap": /)]);
  });
});

describe('AZURE.RestrictedResourceLocation on plain HCL (azure-lessons)', () => {
  const hcl = [
    'variable "region" {\n  default = "uaecentral"\n}',
    'resource "azurerm_resource_group" "north" {\n  name = "rg-north"\n  location = "germanynorth"\n}',
    'resource "azurerm_resource_group" "uae" {\n  name = "rg-uae"\n  location = var.region\n}',
    'resource "azurerm_resource_group" "open" {\n  name = "rg-open"\n  location = "westeurope"\n}', '',
  ].join('\n');

  it('fails (a warning) when a resource is in an access-restricted region, written out or as a variable default', async () => {
    const report = await lessonsOn({ 'main.tf': hcl });
    const found = failuresOf(report, RULE);
    expect(found.map((r) => `${r.address} ${r.level}`)).toEqual(['azurerm_resource_group.north warning', 'azurerm_resource_group.uae warning']);
    expect(found[1].message).toContain('location = "uaecentral": uaecentral is access restricted');
  });

  it('exits 0 on a warning alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-restricted-'));
    try {
      fs.writeFileSync(path.join(dir, 'main.tf'), hcl);
      expect((await LessonsCommand.execute(['.'], dir)).exitCode).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A read-only management lock freezes what it locks for the stack that manages it too (issue 30:
// the lock of the resource base; the rule tells another team's raw lock what addLock warns about).
describe('AZURE.ReadOnlyLock on raw management locks in an AzureStack', () => {
  const LOCK_RULE = 'AZURE.ReadOnlyLock';
  const accountIn = (stack: AzureStack) => new StorageAccount(stack, 'st', {
    name: 'stother', resourceGroupName: 'rg', location: 'westeurope', accountTier: 'Standard', accountReplicationType: 'LRS', sharedAccessKeyEnabled: false,
  });

  it('fails (a warning) when a raw lock is ReadOnly: azurerm as written, AzAPI in any spelling (its body goes to Resource Manager as given)', () => {
    const stack = rawStack(true);
    const account = accountIn(stack);
    new ManagementLock(stack, 'frozen', { name: 'frozen', scope: account.id, lockLevel: 'ReadOnly' });
    new AzapiResource(stack, 'frozen-azapi', { type: 'Microsoft.Authorization/locks@2020-05-01', name: 'frozen-azapi', parentId: account.id, body: { properties: { level: 'readonly' } } });
    Testing.synth(stack);
    expect(warningsOf(stack).filter((w) => w.startsWith(`[${LOCK_RULE}]`))).toEqual([
      '[AZURE.ReadOnlyLock] other-prod/frozen: lock_level = "ReadOnly": a read-only lock stops every change and delete on the locked resource and the Resource Manager children under it, Terraform\'s too: the next apply that changes one (a tag, a setting, a child resource) fails with ScopeLocked, and POST operations such as listing keys are refused, so even a plan can fail where azurerm reads a resource by POST (a function app\'s settings and publishing credentials). Fix: use CanNotDelete, which stops deletes only; to freeze the resource on purpose, suppress AZURE.ReadOnlyLock on the lock with the reason.',
      expect.stringMatching(/^\[AZURE\.ReadOnlyLock\] other-prod\/frozen-azapi: body\.properties\.level = "readonly": a read-only lock /),
    ]);
    expect(errorsOf(stack)).toEqual([]);
    expect(rows(stack, LOCK_RULE, 'frozen')).toEqual([expect.objectContaining({ level: RuleLevel.WARNING, status: ReportStatus.NON_COMPLIANT })]);
  });

  it('lets through a CanNotDelete lock, another AzAPI type, a level given by a reference (not known at synth), and an azurerm level azurerm itself refuses at plan', () => {
    const stack = rawStack(true);
    const account = accountIn(stack);
    new ManagementLock(stack, 'nodelete', { name: 'nodelete', scope: account.id, lockLevel: 'CanNotDelete' });
    // azurerm's lock_level is case-sensitive (CanNotDelete, ReadOnly): `readonly` fails its validation, not the apply.
    new ManagementLock(stack, 'misspelled', { name: 'misspelled', scope: account.id, lockLevel: 'readonly' });
    const level = new TerraformVariable(stack, 'level', { type: 'string' });
    new ManagementLock(stack, 'chosen', { name: 'chosen', scope: account.id, lockLevel: level.stringValue });
    new AzapiResource(stack, 'other', { type: 'Microsoft.Storage/storageAccounts/queueServices/queues@2023-05-01', name: 'q', parentId: account.id, body: { properties: { level: 'ReadOnly' } } });
    Testing.synth(stack);
    expect(warningsOf(stack).filter((w) => w.startsWith(`[${LOCK_RULE}]`))).toEqual([]);
    expect(statusOf(stack, LOCK_RULE, 'nodelete')).toEqual([ReportStatus.COMPLIANT]);
    expect(statusOf(stack, LOCK_RULE, 'misspelled')).toEqual([ReportStatus.COMPLIANT]);
    expect(statusOf(stack, LOCK_RULE, 'chosen')).toEqual([]);
    expect(statusOf(stack, LOCK_RULE, 'other')).toEqual([]);
  });

  it('reports a lock suppressed with a reason as suppressed, and prints nothing', () => {
    const stack = rawStack(true);
    const lock = new ManagementLock(stack, 'frozen', { name: 'frozen', scope: accountIn(stack).id, lockLevel: 'ReadOnly' });
    LessonsCheck.suppress(lock, LOCK_RULE, 'frozen until the audit closes (ticket 42)');
    Testing.synth(stack);
    expect(warningsOf(stack).filter((w) => w.startsWith(`[${LOCK_RULE}]`))).toEqual([]);
    expect(rows(stack, LOCK_RULE, 'frozen')).toEqual([expect.objectContaining({ status: ReportStatus.SUPPRESSED, suppressionReason: 'frozen until the audit closes (ticket 42)' })]);
  });
});

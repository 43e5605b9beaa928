import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serviceExports } from '../../tools/service-index/generate.mjs';

describe('tools/service-index/generate.mjs (npm run gen:services)', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A constructs/-like tree with one service folder `bus/` holding `files`. */
  function tree(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'service-index-'));
    mkdirSync(join(dir, 'bus'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'bus', name), text);
    return dir;
  }

  it('lists a descriptor and a rule list written the documented way', () => {
    const found = serviceExports(tree({
      'bus-service.ts': "export const BUS_SERVICE = AzureService.describe({ resourceType: 'Microsoft.ServiceBus/namespaces', names: {} });\n",
      'bus-rules.ts': 'export const BUS_RULES: ServiceRule[] = [];\n',
    }));
    expect(found).toEqual({ descriptors: [{ name: 'BUS_SERVICE', module: '../bus/bus-service' }], rules: [{ name: 'BUS_RULES', module: '../bus/bus-rules' }] });
  });

  it('fails when a rule list is written another way (readonly), instead of leaving its rules out', () => {
    expect(() => serviceExports(tree({ 'bus-rules.ts': 'export const BUS_RULES: readonly ServiceRule[] = [];\n' })))
      .toThrow('constructs/bus/bus-rules.ts: its rule list is not written as `export const <NAME>_RULES: ServiceRule[] = [...]`, so the service index would leave its rules out.');
  });

  it('fails when a descriptor is written another way (a typed or lower-case name), instead of leaving the service out', () => {
    expect(() => serviceExports(tree({ 'bus-service.ts': "export const busService: AzureServiceDescriptor = AzureService.describe({ resourceType: 'x/y', names: {} });\n" })))
      .toThrow('constructs/bus/bus-service.ts: its descriptor is not written as `export const <NAME> = AzureService.describe({ ... })`');
  });
});

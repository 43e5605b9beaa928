import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportGraph, Layers, cyclesOf, importGraph, layerViolations, serviceFolders } from '../support/import-graph';

/**
 * The layers inside constructs/ (docs/architecture.md): core/ is the shared base; identity/,
 * policy/ and the lessons check build on core/ only; resource/ (the resource base, whose grant
 * uses identity/) and the service folders build on those and on each other without cycles (a
 * folder with a service descriptor is one without a line here); the stack base, the lessons
 * check's aspect and platform pack, the platform aspects and the preflight manifest (stack/), the
 * `azure-lessons` command (lessons-cli/), the preflight checks and `azure-preflight` (preflight/) and
 * the test helpers (testing/) sit on top. The lessons check and its rules depend
 * on core/ alone: a construct tells a rule what it knows through metadata or a core helper.
 */
const CONSTRUCTS = resolve(__dirname, '..', '..', 'constructs');

const CONSTRUCTS_LAYERS: Layers = {
  rank: {
    'core': 0,
    'identity': 1,
    'policy': 1,
    'lessons-check': 1,
    'resource': 2,
    'monitoring': 2,
    'network': 2,
    'storage': 2,
    'key-vault': 2,
    'redis': 2,
    'event-grid': 2,
    'functions': 2,
    'container-apps': 2,
    'front-door': 2,
    'api-management': 2,
    'stack': 3,
    'lessons-cli': 3,
    'preflight': 3,
    'testing': 3,
  },
  // A folder that declares its service (a descriptor) is a service folder without a line here.
  serviceRank: 2,
  services: serviceFolders(CONSTRUCTS),
  only: {
    'core': [],
    'lessons-check': ['core'],
  },
  // A service's rules (constructs/<service>/rules/) sit in its folder but load none of its constructs.
  rulesOnly: ['core', 'lessons-check'],
};


describe('layers inside constructs/', () => {
  it('has no import against the layers, no folder cycle and no file cycle', () => {
    const graph = importGraph(CONSTRUCTS);
    expect(graph.size).toBeGreaterThan(100);
    expect(layerViolations(graph, CONSTRUCTS_LAYERS)).toEqual([]);
  });

  it('reads the imports the layering is about (the stack base imports the lessons check)', () => {
    const graph = importGraph(CONSTRUCTS);
    expect(graph.get('stack/azure-stack.ts')).toEqual(expect.arrayContaining(['stack/lessons-check.ts', 'core/production.ts', 'stack/platform-aspects.ts']));
    expect(graph.get('container-apps/rules/release-image.ts')).toContain('core/release-image.ts');
  });

  it('loads the Azure SDKs only in the preflight, and there only when it runs (type imports and import() inside functions)', () => {
    const sdk = /(?:from|import\()\s*'(@azure\/[^']+|@microsoft\/microsoft-graph-client)'/g;
    const offending: string[] = [];
    const visit = (dir: string, rel: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) visit(join(dir, entry.name), `${rel}${entry.name}/`);
        else if (entry.name.endsWith('.ts')) {
          for (const line of readFileSync(join(dir, entry.name), 'utf8').split('\n')) {
            if (!line.match(sdk)) continue;
            const deferred = rel === 'preflight/' && (/^import type /.test(line) || /import\(/.test(line) && !/^import /.test(line));
            if (!deferred) offending.push(`${rel}${entry.name}: ${line.trim()}`);
          }
        }
      }
    };
    visit(CONSTRUCTS, '');
    expect(offending).toEqual([]);
  });
});

describe('the layer check', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A constructs/-like tree of `files` (path -> source) in a temporary folder, and its import graph. */
  function tree(files: Record<string, string>): ImportGraph {
    dir = mkdtempSync(join(tmpdir(), 'layers-'));
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    return importGraph(dir);
  }

  it('fails when core/ imports the lessons check (a downward-layer violation, and so a folder cycle), naming both files', () => {
    const graph = tree({
      'core/azure-stack.ts': "import { LessonsCheck } from '../lessons-check/lessons-check';\nexport const x = LessonsCheck;\n",
      'lessons-check/lessons-check.ts': "import { v } from '../core/validation';\nexport const LessonsCheck = v;\n",
      'core/validation.ts': 'export const v = 1;\n',
    });
    expect(layerViolations(graph, CONSTRUCTS_LAYERS)).toEqual([
      'core/azure-stack.ts imports lessons-check/lessons-check.ts: core/ (layer 0) may not depend on lessons-check/ (layer 1), which builds on it.',
      'folder cycle core/ <-> lessons-check/: core/azure-stack.ts imports lessons-check/lessons-check.ts; lessons-check/lessons-check.ts imports core/validation.ts.',
    ]);
  });

  it('fails when a rule imports a construct (lessons-check/ depends on core/ only)', () => {
    const graph = tree({
      'lessons-check/rules/naming/resource-name.ts': "export { ReleaseImage } from '../../../container-apps/image-reference';\n",
      'container-apps/image-reference.ts': 'export class ReleaseImage {}\n',
    });
    expect(layerViolations(graph, CONSTRUCTS_LAYERS)).toEqual([
      'lessons-check/rules/naming/resource-name.ts imports container-apps/image-reference.ts: lessons-check/ (layer 1) may not depend on container-apps/ (layer 2), which builds on it.',
    ]);
  });

  it('fails when a service\'s rule imports its own construct or descriptor (a rule loads core/ and lessons-check/ only)', () => {
    const graph = tree({
      'storage/rules/storage-shared-key.ts': "import { StorageAccount } from '../storage-account';\nimport { Rule } from '../../lessons-check/rule';\nimport { x } from './helper';\nexport const r = [StorageAccount, Rule, x];\n",
      'storage/rules/helper.ts': "import { v } from '../../core/validation';\nexport const x = v;\n",
      'storage/storage-account.ts': 'export class StorageAccount {}\n',
      'lessons-check/rule.ts': "import { v } from '../core/validation';\nexport const Rule = v;\n",
      'core/validation.ts': 'export const v = 1;\n',
    });
    expect(layerViolations(graph, CONSTRUCTS_LAYERS)).toEqual([
      'storage/rules/storage-shared-key.ts imports storage/storage-account.ts: a rule (storage/rules/) may depend on its own rules folder and core/, lessons-check/ only, so azure-lessons loads no construct; tell the rule what it needs through metadata or a helper in core/.',
    ]);
  });

  it('fails when a folder of the same layer imports one the check allows it no import of (lessons-check/ -> identity/)', () => {
    const graph = tree({
      'lessons-check/rule.ts': "import type { IPrincipal } from '../identity/principal';\nexport type P = IPrincipal;\n",
      'identity/principal.ts': 'export interface IPrincipal { readonly id: string }\n',
    });
    expect(layerViolations(graph, CONSTRUCTS_LAYERS)).toEqual([
      'lessons-check/rule.ts imports identity/principal.ts: lessons-check/ may depend on core/ only.',
    ]);
  });

  it('fails on a folder cycle monitoring/ -> storage/ -> network/ -> monitoring/, listing the imports that make it', () => {
    const graph = tree({
      'monitoring/outbound-alerts.ts': "import type { IStorageAccount } from '../storage/storage-account';\nexport type A = IStorageAccount;\n",
      'monitoring/diagnostic-settings.ts': 'export const d = 1;\n',
      'storage/storage-account.ts': "import { n } from '../network/platform-network';\nexport interface IStorageAccount { readonly n: typeof n }\n",
      'network/platform-network.ts': "import { d } from '../monitoring/diagnostic-settings';\nexport const n = d;\n",
    });
    expect(layerViolations(graph, CONSTRUCTS_LAYERS)).toEqual([
      'folder cycle monitoring/ <-> network/ <-> storage/: monitoring/outbound-alerts.ts imports storage/storage-account.ts; '
      + 'network/platform-network.ts imports monitoring/diagnostic-settings.ts; storage/storage-account.ts imports network/platform-network.ts.',
    ]);
  });

  it('fails on two files that import each other, a type-only import included', () => {
    const graph = tree({
      'storage/storage-account.ts': "import { BlobContainer } from './storage-children';\nexport interface IStorageAccount { c(): BlobContainer }\n",
      'storage/storage-children.ts': "import type { IStorageAccount } from './storage-account';\nexport class BlobContainer { a?: IStorageAccount }\n",
    });
    expect(layerViolations(graph, CONSTRUCTS_LAYERS)).toEqual([
      'file cycle storage/storage-account.ts <-> storage/storage-children.ts: storage/storage-account.ts imports storage/storage-children.ts; storage/storage-children.ts imports storage/storage-account.ts.',
    ]);
  });

  it('fails on a folder without a layer', () => {
    const graph = tree({ 'payments/x.ts': "import { v } from '../core/validation';\nexport const x = v;\n", 'core/validation.ts': 'export const v = 1;\n' });
    expect(layerViolations(graph, CONSTRUCTS_LAYERS)).toEqual([
      'payments/ has no layer: give it one in test/repo/layers.test.ts (what may it import, what may import it?), or declare its service in a descriptor (AzureService.describe).',
    ]);
  });

  it('gives a folder that declares its service the service layer, and holds it to that layer', () => {
    const files = {
      'service-bus/service-bus-service.ts': "import { AzureService } from '../core/azure-service';\nexport const S = AzureService.describe({ resourceType: 'Microsoft.ServiceBus/namespaces', names: {} });\n",
      'service-bus/queue.ts': "import { S } from './service-bus-service';\nimport { A } from '../stack/azure-stack';\nexport const q = [S, A];\n",
      'core/azure-service.ts': 'export const AzureService = { describe: (d: unknown) => d };\n',
      'stack/azure-stack.ts': 'export const A = 1;\n',
    };
    const graph = tree(files);
    const layers = { ...CONSTRUCTS_LAYERS, services: serviceFolders(dir!) };
    expect(layers.services).toEqual(['service-bus']);
    expect(layerViolations(graph, layers)).toEqual([
      'service-bus/queue.ts imports stack/azure-stack.ts: service-bus/ (layer 2) may not depend on stack/ (layer 3), which builds on it.',
    ]);
  });

  it('accepts downward and sideways imports without a cycle, and ignores package imports', () => {
    const graph = tree({
      'stack/azure-stack.ts': "import { TerraformStack } from 'cdktf';\nimport { c } from '../lessons-check/check';\nexport const s = [TerraformStack, c];\n",
      'lessons-check/check.ts': "import { v } from '../core/validation';\nexport const c = v;\n",
      'storage/account.ts': "import { n } from '../network/net';\nexport const a = n;\n",
      'network/net.ts': "import { v } from '../core/validation';\nexport const n = v;\n",
      'core/validation.ts': 'export const v = 1;\n',
    });
    expect(layerViolations(graph, CONSTRUCTS_LAYERS)).toEqual([]);
  });

  it('finds a cycle of three nodes and a node importing itself', () => {
    expect(cyclesOf(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['d']], ['e', ['a']]]))).toEqual([['a', 'b', 'c'], ['d']]);
  });
});

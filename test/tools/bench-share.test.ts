import { describe, expect, it } from 'vitest';
import { libraryShare, ownerOf, timeByOwner } from '../../tools/bench-share';

describe('the bench: whose code a synthesis spends its time in', () => {
  it('gives each file to its owner', () => {
    expect(ownerOf('file:///work/main/dist/constructs/api-management/api-gateway.js')).toBe('library');
    expect(ownerOf('file:///work/main/dist/stacks/realtime-stack.js')).toBe('library');
    expect(ownerOf('file:///work/main/dist/constructs/lessons-check/rule-runner.js')).toBe('lessons-check');
    expect(ownerOf('file:///work/main/dist/constructs/stack/lessons-check.js')).toBe('lessons-check');
    expect(ownerOf('file:///work/main/dist/constructs/stack/azure-stack.js')).toBe('library');
    expect(ownerOf('file:///work/main/node_modules/cdktf/lib/tokens/resolve.js')).toBe('cdktf');
    expect(ownerOf('file:///work/main/node_modules/constructs/lib/construct.js')).toBe('cdktf');
    expect(ownerOf('file:///work/main/node_modules/@cdktf/provider-azurerm/lib/container-app/index.js')).toBe('bindings');
    expect(ownerOf('file:///work/main/dist/.gen/providers/azapi/resource/index.js')).toBe('bindings');
    expect(ownerOf('node:internal/modules/cjs/loader')).toBe('node');
    expect(ownerOf('')).toBe('node');
    expect(ownerOf('file:///work/main/node_modules/fast-xml-parser/src/xmlparser.js')).toBe('other');
  });

  it('sums self time per owner and divides the library\'s by cdktf\'s and the bindings\'', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: { url: '', functionName: '(root)' } },
        { id: 2, callFrame: { url: 'file:///r/dist/constructs/core/naming.js', functionName: 'checkName' } },
        { id: 3, callFrame: { url: 'file:///r/node_modules/cdktf/lib/app.js', functionName: 'synth' } },
        { id: 4, callFrame: { url: 'file:///r/node_modules/@cdktf/provider-azurerm/lib/x/index.js', functionName: 'X' } },
        { id: 5, callFrame: { url: 'file:///r/dist/constructs/stack/lessons-check.js', functionName: 'visit' } },
      ],
      samples: [2, 3, 3, 4, 5, 1],
      timeDeltas: [10_000, 30_000, 30_000, 40_000, 5_000, 7_000],
    };
    const totals = timeByOwner(profile);
    expect(totals).toEqual({ library: 10, 'lessons-check': 5, cdktf: 60, bindings: 40, node: 7, other: 0 });
    expect(libraryShare(totals)).toBeCloseTo(0.15);
  });
});

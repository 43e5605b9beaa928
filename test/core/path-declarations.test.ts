import { Testing, TerraformStack } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { PATH_FACTS_METADATA, PATH_HOP_METADATA, PathDeclaration, PathHop } from '../../constructs/core/path-declarations';

const recorded = (stack: TerraformStack, type: string) => stack.node.metadata.filter((m) => m.type === type).map((m) => m.data);

describe('PathDeclaration', () => {
  it('records a copy of plain data as JSON would carry it: undefined left out of objects, null in lists, a later change of the input not seen', () => {
    const stack = new TerraformStack(Testing.app(), 'paths');
    const lines = ['signs in with its identity'];
    const hop: PathHop = { from: 'a', to: 'b', protocol: 'HTTPS', timeouts: undefined, lines };
    PathDeclaration.hop(stack, hop);
    lines.push('added later');
    PathDeclaration.facts(stack, { target: '${azurerm_api_management_api.api.id}', limiterKeys: ['x', undefined as unknown as string], outboundTimeouts: [{ layer: 'gateway', seconds: Number.NaN } as never] });
    expect(recorded(stack, PATH_HOP_METADATA)).toEqual([{ from: 'a', to: 'b', protocol: 'HTTPS', lines: ['signs in with its identity'] }]);
    expect(Object.keys(recorded(stack, PATH_HOP_METADATA)[0] as object)).toEqual(['from', 'to', 'protocol', 'lines']);
    // A Terraform reference stays a string; a number JSON cannot write is null, as it would be.
    expect(recorded(stack, PATH_FACTS_METADATA)).toEqual([{ target: '${azurerm_api_management_api.api.id}', limiterKeys: ['x', null], outboundTimeouts: [{ layer: 'gateway', seconds: null }] }]);
  });
});

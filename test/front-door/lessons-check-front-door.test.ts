import { TerraformVariable } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { CdnFrontdoorProfile } from '@cdktf/provider-azurerm/lib/cdn-frontdoor-profile';
import { rawStack, statusOf } from '../support/lessons-rules';

// The rules of constructs/front-door/rules on raw resources.

describe('EDGE-1.FrontDoorTimeoutBelowCeiling edges', () => {
  it('leaves alone a profile whose timeout is a Terraform value (known at plan only)', () => {
    const stack = rawStack();
    const timeout = new TerraformVariable(stack, 'timeout', { type: 'number' });
    new CdnFrontdoorProfile(stack, 'profile', { name: 'afd-other', resourceGroupName: 'rg', skuName: 'Standard_AzureFrontDoor', responseTimeoutSeconds: timeout.numberValue });
    expect(statusOf(stack, 'EDGE-1.FrontDoorTimeoutBelowCeiling', 'profile')).toEqual([]);
  });
});

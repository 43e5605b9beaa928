import { TerraformStack, Testing } from 'cdktf';
import { AzureStack } from '../../constructs/stack/azure-stack';

/** A TerraformStack of its own app, without providers or marks: what another team's plain stack looks like. */
export const plainStack = (id = 'plain'): TerraformStack => new TerraformStack(Testing.app(), id);

/** The AzureStack `core-dev` (or `core-prod`, marked production), in its own app. */
export const azureStack = (production = false): AzureStack => new AzureStack(Testing.app(), { stackName: 'core', environmentName: production ? 'prod' : 'dev', production });

/** The AzureStack `fix-dev` (or `fix-prod`, marked production), in its own app. */
export const fixStack = (production: boolean): AzureStack => new AzureStack(Testing.app(), { stackName: 'fix', environmentName: production ? 'prod' : 'dev', production });

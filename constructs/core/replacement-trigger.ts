import { TerraformResource } from 'cdktf';
import { Construct } from 'constructs';
import { addressOf } from './dependencies';

export interface ReplacementTriggerProps {
  /** What the trigger holds: a change of any value replaces the resources that name it. */
  readonly input: { [key: string]: string };
}

/**
 * Terraform's built-in `terraform_data` holding `input`: a resource whose `replace_triggered_by`
 * names `ReplacementTrigger.address` is replaced when the input changes. Written without
 * cdktf's `DataResource`, whose synth-time check runs `terraform version`: a synth (`npm run
 * synth`, snapshot tests, a Checkov job) then needs no Terraform on the machine and spawns no
 * process. Plan and apply need Terraform 1.4 or later for `terraform_data`, as before.
 */
export class ReplacementTrigger extends TerraformResource {
  /** `terraform_data.<id>`: the address `replace_triggered_by` and `depends_on` take. */
  public readonly address: string;
  private readonly input: { [key: string]: string };

  constructor(scope: Construct, id: string, props: ReplacementTriggerProps) {
    super(scope, id, { terraformResourceType: 'terraform_data', terraformGeneratorMetadata: { providerName: 'terraform' } });
    this.input = { ...props.input };
    this.address = addressOf(this);
  }

  protected synthesizeAttributes(): { [name: string]: unknown } {
    return { input: this.input };
  }

  protected synthesizeHclAttributes(): { [name: string]: unknown } {
    return { input: { value: this.input, isBlock: false, type: 'map', storageClassType: 'stringMap' } };
  }
}

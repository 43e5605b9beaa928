import { MACHINE_SCRIPT_ATTRIBUTES, MACHINE_SCRIPT_TYPES, SCRIPT_FIX, scriptCredentialOf, scriptProblem } from '../../core/machine-scripts';
import { maskCredential } from '../../core/credential-formats';
import { literalText, TerraformVariables } from '../../core/terraform-expression';
import { RuleFinding } from '../../lessons-check/rule';

/** Whether `attribute` of a block of `type` is a virtual machine's boot script (`custom_data`, `user_data`, `os_profile.custom_data`). */
export const isMachineScript = (type: string, attribute: string): boolean => MACHINE_SCRIPT_TYPES.has(type) && MACHINE_SCRIPT_ATTRIBUTES.has(attribute);

/**
 * A virtual machine's boot script as the checks read it: a script is no secret itself (a
 * cloud-init that installs packages passes), so a script the configuration holds (a literal, or
 * `base64encode(...)` of one, through a variable's default or a local) is read as the text it is,
 * decoded from base64, and judged by the credential formats and the literals under a secret's
 * name it holds: the finding, or `null` when it holds none. `undefined` when Terraform knows the
 * script at apply only, reads it from a file (`file(...)`, `templatefile(...)`), or it is bytes
 * that are no text (gzip): the caller judges it as before, as a value.
 */
export function scriptFinding(setting: string, attribute: string, value: string, variables: TerraformVariables): RuleFinding | null | undefined {
  const text = literalText(value, variables);
  const format = text === undefined ? undefined : scriptCredentialOf(text);
  if (format === undefined || text === undefined) return undefined;
  return format === null ? null : { setting, given: maskCredential(text), problem: scriptProblem(attribute, format), fix: SCRIPT_FIX };
}

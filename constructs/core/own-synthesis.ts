import { ISynthesisSession } from 'cdktf';
import { addCustomSynthesis } from 'cdktf/lib/synthesize/synthesizer';
import { IConstruct } from 'constructs';

/** cdktf's mark of a construct with a custom synthesis step (`addCustomSynthesis`). */
const CUSTOM_SYNTHESIS = Symbol.for('cdktf/customSynthesis');
/** The library's own custom synthesis steps: they write files and annotations, never a resource. */
const OWN = new WeakSet<IConstruct>();

/** Give `construct` a custom synthesis step of the library's (a file beside `cdk.tf.json`, annotations). */
export function addOwnSynthesis(construct: IConstruct, onSynthesize: (session: ISynthesisSession) => void): void {
  OWN.add(construct);
  addCustomSynthesis(construct, { onSynthesize });
}

/**
 * Whether a construct under `root` has a custom synthesis step that is not the library's (cdktf's
 * `TerraformAsset`, or a team's own): such a step may change resources after the library's read
 * the stack's JSON.
 */
export function hasOtherSynthesis(root: IConstruct): boolean {
  return root.node.findAll().some((c) => CUSTOM_SYNTHESIS in c && !OWN.has(c));
}

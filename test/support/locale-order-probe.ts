// Run by test/core/text-order.test.ts in a process of its own, under another locale (LANG): prints
// the order of what the library sorts into preflight.json and request-path.json and into a
// message's region suggestions, compareText's, and the default locale's own.
import { TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { AzureRegion } from '../../constructs/core/azure-region';
import { DeployRequirements, Requirements } from '../../constructs/core/deploy-requirements';
import { PathDeclaration, PathNodeKind } from '../../constructs/core/path-declarations';
import { compareText } from '../../constructs/core/text-order';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';
import { RequestPathModel } from '../../constructs/stack/request-path-model';

// Names whose order some locales change: Danish sorts "aa" after "z", Lithuanian "y" between
// "i" and "j", Estonian "z" after "s" and "y" after "z".
const NAMES = ['aa-orders', 'jobs', 'yarp', 'zones', 'search'];

const stack = new TerraformStack(Testing.app(), 'order');
const sink = new Construct(stack, 'sink');
PathDeclaration.node(sink, { kind: PathNodeKind.DATA, title: 'sink' });
for (const name of NAMES) {
  const box = new Construct(stack, name);
  PathDeclaration.node(box, { kind: PathNodeKind.API, title: name });
  PathDeclaration.hop(box, { from: box.node.path, to: sink.node.path, protocol: 'HTTPS' });
  DeployRequirements.of(stack).add(box, Requirements.resourceProvider(`Microsoft.${name}`, 'probe.'));
}
// Three allowed regions one edit from the name asked for: the suggestions are ordered by name.
for (const region of ['zaregion', 'aaregion', 'yaregion']) AzureRegion.allow(region);
const model = RequestPathModel.of(stack);
console.log(JSON.stringify({
  // eslint-disable-next-line no-restricted-syntax -- the default locale's order is what the test compares with
  defaultOrder: [...NAMES].sort(new Intl.Collator().compare),
  compareText: [...NAMES].sort(compareText),
  preflight: PreflightManifests.of(stack).requirements.map((r) => r.namespace),
  nodes: model.nodes.map((n) => n.id),
  hops: model.hops.map((h) => `${h.from} -> ${h.to}`),
  regions: AzureRegion.suggestionsFor('xaregion'),
}));

// Run by test/core/text-order.test.ts in a process of its own, under another locale (LANG): prints
// the order of what the library sorts into preflight.json and request-path.json, and compareText's.
import { TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import { DeployRequirements, Requirements } from '../../constructs/core/deploy-requirements';
import { PathDeclaration, PathNodeKind } from '../../constructs/core/path-declarations';
import { compareText } from '../../constructs/core/text-order';
import { PreflightManifests } from '../../constructs/stack/preflight-manifest';
import { RequestPathModel } from '../../constructs/stack/request-path-model';

// Names whose order some locales change: Danish sorts "aa" after "z", Lithuanian "y" between
// "i" and "j", Estonian "z" after "s".
const NAMES = ['aa-orders', 'jobs', 'yarp', 'zones', 'search'];

const stack = new TerraformStack(Testing.app(), 'order');
for (const name of NAMES) {
  const box = new Construct(stack, name);
  PathDeclaration.node(box, { kind: PathNodeKind.API, title: name });
  DeployRequirements.of(stack).add(box, Requirements.resourceProvider(`Microsoft.${name}`, 'probe.'));
}
console.log(JSON.stringify({
  // eslint-disable-next-line no-restricted-syntax -- the default locale is what the probe reports
  locale: new Intl.DateTimeFormat().resolvedOptions().locale,
  compareText: [...NAMES].sort(compareText),
  preflight: PreflightManifests.of(stack).requirements.map((r) => r.namespace),
  requestPath: RequestPathModel.of(stack).nodes.map((n) => n.id),
}));

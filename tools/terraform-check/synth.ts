/**
 * Synthesizes what the Terraform check plans: every stack of every environment (src/main.ts's app, the
 * environments as `npm run synth` loads them) into `<outdir>/app`, and every docs/examples stack, for
 * `dev` and `prod`, into `<outdir>/examples`. Prints one JSON line: the synthesized stack directories;
 * writes `<outdir>/service-ids.json`: the id templates the service descriptors give.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { App } from 'cdktf';
import { PLATFORM_SERVICES } from '../../constructs/stack/platform-services';
import { buildApp } from '../../src/app';
import { loadEnvironments } from '../../src/environments';
import { InvoicesStack } from '../../docs/examples/consumer-functions';
import { ShippingPartnersStack } from '../../docs/examples/consumer-partner-api';
import { PaymentsStack } from '../../docs/examples/consumer-rate-limits';
import { OrdersStack } from '../../docs/examples/consumer-stack';
import { NotificationsStack } from '../../docs/examples/consumer-webhooks';

const EXAMPLES = [OrdersStack, PaymentsStack, InvoicesStack, ShippingPartnersStack, NotificationsStack];
const EXAMPLE_ENVIRONMENTS = ['dev', 'prod'];

const outdir = resolve(process.argv[2] ?? 'cdktf.out/terraform-check');
const stacks: { group: string; name: string; dir: string }[] = [];

function synth(group: string, build: (app: App) => void): void {
  const dir = join(outdir, group);
  mkdirSync(dir, { recursive: true });
  const app = new App({ outdir: dir });
  build(app);
  app.synth();
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { stacks: Record<string, { name: string; workingDirectory: string }> };
  for (const stack of Object.values(manifest.stacks)) stacks.push({ group, name: stack.name, dir: join(dir, stack.workingDirectory) });
}

synth('app', (app) => { buildApp(app, loadEnvironments()); });
synth('examples', (app) => {
  for (const environmentName of EXAMPLE_ENVIRONMENTS) for (const Example of EXAMPLES) new Example(app, environmentName);
});
// The ids the service descriptors give their Terraform types, for the second plan's stand-ins.
writeFileSync(join(outdir, 'service-ids.json'), `${JSON.stringify(PLATFORM_SERVICES.idTemplates(), null, 2)}\n`);
process.stdout.write(`${JSON.stringify(stacks)}\n`);

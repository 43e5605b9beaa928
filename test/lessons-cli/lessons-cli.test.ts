import { spawnSync } from 'child_process';
import { PlatformLessonsPack } from '../../constructs/stack/platform-lessons-pack';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { LessonsCommand } from '../../constructs/lessons-cli/command';
import { LessonsCheck } from '../../constructs/stack/lessons-check';
import { LessonsReport, ReportStatus, summarize } from '../../constructs/lessons-check/report';
import { DEFAULT_ENVIRONMENTS } from '../../src/environments';
import { synthAll } from '../support/app';
import { SARIF_2_1_0_SUBSET } from '../support/sarif-schema';
import { PlanJson, fixtureOf } from '../../tools/fixtures/select';

const root = path.resolve(__dirname, '..', '..');
const FIXTURES = 'test/fixtures/lessons-cli';
const MODULES = `${FIXTURES}/modules`;
const run = (...args: string[]) => LessonsCommand.execute(args, root);
/** The platform pack's rules, counted from the pack: a new rule needs no edit here. */
const RULE_COUNT = PlatformLessonsPack.create().rules.length;
/** Terraform and the providers' mirror as CI configures it (TF_CLI_CONFIG_FILE); the fixture is planned only with them. */
const mirror = Boolean(process.env.TF_CLI_CONFIG_FILE && fs.existsSync(process.env.TF_CLI_CONFIG_FILE) && spawnSync('terraform', ['version'], { encoding: 'utf8' }).status === 0);
const json = async (...args: string[]) => JSON.parse((await run(...args, '--format', 'json')).stdout) as LessonsReport & { notices: string[] };

const ING_4 = '[ING-4.GrpcBehindBrowserRoute] azurerm_cdn_frontdoor_origin.app: host_name = "${module.app.azurerm_container_app.this.ingress[0].fqdn}": it sends browser-facing traffic to module.app.azurerm_container_app.this, whose ingress is http2 (gRPC): browsers cannot speak gRPC without grpc-web and a translating proxy. Fix: route browsers to the HTTP/1.1 app (transport auto: polling, SSE, WebSockets) and keep gRPC on its own http2 ingress for gRPC clients (DualIngressContainerApp does).';
const SCALE_1 = '[SCALE-1.ConnectionHoldingScaleRule] module.app.azurerm_container_app.this: template.http_scale_rule.concurrent_requests = "100": a held connection counts as one request for its whole life, so replicas fill with idle sockets before the rule reacts. Fix: use 50 or less (e.g. 10).';
const EDGE_1 = '[EDGE-1.FrontDoorTimeoutAboveCeiling] azurerm_cdn_frontdoor_profile.edge: response_timeout_seconds = 300: Front Door accepts 16-240 s, and Azure drops connections at 240 s anyway, so the plan fails. Fix: set 240.';
const NOT_READ = '[AZURE] module.network: source = "Azure/avm-res-network-virtualnetwork/azurerm": a remote module is not read, so the resources it creates are not checked. Fix: check the plan as well (terraform show -json plan > plan.json), which holds the resources of every module.';
const UNUSED = `[AZURE] ${MODULES}/main.tf:47: suppression = "HOOK-3": it suppresses no finding on azurerm_eventgrid_topic.events, so it hides nothing today and would hide a new finding unnoticed. Fix: remove it, or correct the rule id or the resource it names.`;

describe('azure-lessons on a directory of .tf files', () => {
  it('fails (exit 1) with one line per finding, in a local module under its module path, then the notices and the summary', async () => {
    const out = await run(MODULES);
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toBe('');
    expect(out.stdout).toBe(`${[SCALE_1, ING_4, EDGE_1, NOT_READ, UNUSED, 'lessons: 14 passed, 3 failed (1 error, 2 warnings), 1 suppressed'].join('\n')}\n`);
  });

  it('resolves a variable default, a module argument and a module output into what the rules read', async () => {
    const report = await json(MODULES);
    const row = (ruleId: string) => report.results.find((r) => r.ruleId === ruleId && r.status === ReportStatus.NON_COMPLIANT)!;
    expect(row('EDGE-1.FrontDoorTimeoutAboveCeiling').address).toBe('azurerm_cdn_frontdoor_profile.edge');
    expect(row('ING-4.GrpcBehindBrowserRoute').message).toBe(ING_4);
    expect(row('SCALE-1.ConnectionHoldingScaleRule')).toMatchObject({ address: 'module.app.azurerm_container_app.this', resourcePath: 'module.app.azurerm_container_app.this' });
  });

  it('honours a suppression comment above a resource, with its reason in the report, and reports one inside a block that suppresses nothing', async () => {
    const report = await json(MODULES);
    expect(report.results.filter((r) => r.status === ReportStatus.SUPPRESSED)).toEqual([expect.objectContaining({
      ruleId: 'SEC-1.RegistryAdminUser', address: 'azurerm_container_registry.acr', setting: 'admin_enabled',
      suppressionReason: 'the build agents still log in with the admin user until they move to AcrPull',
    })]);
    expect(report.notices).toEqual([NOT_READ, UNUSED]);
  });

  it('applies the config file: a lesson id narrowed by appliesTo, a module address covering its resources, and production false', async () => {
    const out = await run(MODULES, '--config', `${MODULES}/lessons.json`);
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toBe(`${[ING_4, NOT_READ, UNUSED, 'lessons: 13 passed, 1 failed (0 errors, 1 warning), 3 suppressed'].join('\n')}\n`);
    const report = await json(MODULES, '--config', `${MODULES}/lessons.json`);
    expect(report.results.filter((r) => r.status === ReportStatus.SUPPRESSED).map((r) => `${r.ruleId} ${r.address}: ${r.suppressionReason}`).sort()).toEqual([
      'EDGE-1.FrontDoorTimeoutAboveCeiling azurerm_cdn_frontdoor_profile.edge: the origin answers within 200 s; the profile is replaced next sprint',
      'SCALE-1.ConnectionHoldingScaleRule module.app.azurerm_container_app.this: load tests showed 100 concurrent gRPC streams per replica are fine',
      'SEC-1.RegistryAdminUser azurerm_container_registry.acr: the build agents still log in with the admin user until they move to AcrPull',
    ]);
  });

  it('writes the lessons report as JSON: its shape, one row per rule and resource it concerns, the others counted per rule, and the notices', async () => {
    const report = await json(MODULES);
    expect(Object.keys(report)).toEqual(['stack', 'packs', 'summary', 'notApplicable', 'results', 'notices']);
    expect(report.stack).toBe(MODULES);
    expect(report.packs).toEqual(['platform-lessons']);
    // Compliant: the three rules that pass, AZURE.ResourceName on the four resources the fixture names, and
    // AZURE.ResourceLocation and AZURE.RestrictedResourceLocation on the two with a location (the registry and the topic, westeurope),
    // and SEC-1.VariableDefaultSecret on the root variable (its default, 300, is no secret: a block, not a resource, so it counts for no other rule).
    // Every other pair of a rule and one of the five resources is not applicable: counted, not listed.
    // And SEC-1.PlainCredential on the call of module.app, whose input (transport) it reads; the five resources hold no value that may be a credential (not applicable).
    // And SEC-1.VariableDefaultSecret on the local module's variable (module.app.var.transport, its default "auto").
    expect(report.summary).toEqual({ compliant: 14, errors: 1, warnings: 2, suppressed: 1, notApplicable: 5 * RULE_COUNT - 15 });
    expect(report.results.length).toBe(18);
    expect(report.results.filter((r) => r.resourceType === 'variable').map((r) => [r.ruleId, r.address, r.status])).toEqual([
      ['SEC-1.VariableDefaultSecret', 'var.origin_timeout', 'compliant'], ['SEC-1.VariableDefaultSecret', 'module.app.var.transport', 'compliant'],
    ]);
    expect(report.notApplicable['LIM-1.NoAzureCacheForRedis']).toBe(5);
    expect(Object.values(report.notApplicable).reduce((a, b) => a + b, 0)).toBe(report.summary.notApplicable);
  });

  it('writes to --output and prints the summary line alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-cli-'));
    try {
      const out = await run(MODULES, '--format=sarif', '--output', path.join(dir, 'lessons.sarif'));
      expect(out).toEqual({ exitCode: 1, stdout: '', stderr: 'lessons: 14 passed, 3 failed (1 error, 2 warnings), 1 suppressed\n' });
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'lessons.sarif'), 'utf8')).version).toBe('2.1.0');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('azure-lessons SARIF output', () => {
  const sarif = async (...args: string[]) => JSON.parse((await run(...args, '--format', 'sarif')).stdout);

  it('locates each resource on its own block when two types share a name, in .tf.json and in .tf (one pass over the file, issue 30)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-cli-'));
    try {
      // Both `edge`s: the container app's on line 4, the profile's on line 18 (its name also on line 5, before its type).
      fs.writeFileSync(path.join(dir, 'main.tf.json'), [
        '{', '  "resource": {', '    "azurerm_container_app": {', '      "edge": {', '        "name": "edge",',
        '        "resource_group_name": "rg",', '        "revision_mode": "Single",', '        "ingress": [{ "transport": "http2", "target_port": 8080 }],', '        "container_app_environment_id": "/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae",',
        '        "template": [{', '          "http_scale_rule": [{ "name": "http", "concurrent_requests": "100" }],',
        '          "container": [{ "name": "app", "image": "example.azurecr.io/app:1.0.0", "cpu": 0.5, "memory": "1Gi" }]', '        }]', '      }', '    },',
        '    "azurerm_cdn_frontdoor_profile": {', '      "other": { "name": "other", "resource_group_name": "rg", "sku_name": "Premium_AzureFrontDoor" },',
        '      "edge": {', '        "name": "edge",', '        "resource_group_name": "rg",', '        "sku_name": "Premium_AzureFrontDoor",', '        "response_timeout_seconds": 300', '      }',
        '    }', '  }', '}', '',
      ].join('\n'));
      const lineOf = (log: { runs: { results: { ruleId: string; locations: { physicalLocation: { region?: { startLine: number } } }[] }[] }[] }, rule: string) =>
        log.runs[0].results.find((r) => r.ruleId === rule)?.locations[0].physicalLocation.region?.startLine;
      const json = await sarif(path.join(dir, 'main.tf.json'));
      expect(lineOf(json, 'SCALE-1.ConnectionHoldingScaleRule')).toBe(4);
      expect(lineOf(json, 'EDGE-1.FrontDoorTimeoutAboveCeiling')).toBe(18);
      fs.rmSync(path.join(dir, 'main.tf.json'));
      fs.writeFileSync(path.join(dir, 'main.tf'), [
        'resource "azurerm_cdn_frontdoor_profile" "other" {', '  name                = "other"', '  resource_group_name = "rg"', '  sku_name            = "Premium_AzureFrontDoor"', '}', '',
        'resource "azurerm_container_app" "edge" {', '  name                         = "edge"', '  resource_group_name          = "rg"', '  revision_mode                = "Single"',
        '  container_app_environment_id = "/subscriptions/0/resourceGroups/rg/providers/Microsoft.App/managedEnvironments/cae"',
        '  ingress {', '    transport   = "http2"', '    target_port = 8080', '  }',
        '  template {', '    http_scale_rule {', '      name                = "http"', '      concurrent_requests = "100"', '    }',
        '    container {', '      name   = "app"', '      image  = "example.azurecr.io/app:1.0.0"', '      cpu    = 0.5', '      memory = "1Gi"', '    }', '  }', '}', '',
        'resource "azurerm_cdn_frontdoor_profile" "edge" {', '  name                     = "edge"', '  resource_group_name      = "rg"', '  sku_name                 = "Premium_AzureFrontDoor"', '  response_timeout_seconds = 300', '}', '',
      ].join('\n'));
      const hcl = await sarif(dir);
      expect(lineOf(hcl, 'SCALE-1.ConnectionHoldingScaleRule')).toBe(7);
      expect(lineOf(hcl, 'EDGE-1.FrontDoorTimeoutAboveCeiling')).toBe(30);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('validates against the official SARIF 2.1.0 schema (OASIS, rtm.5, as @microsoft/jest-sarif ships it)', async () => {
    const schema = JSON.parse(fs.readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as Record<string, unknown>;
    const ajv = new Ajv({ allErrors: true, schemaId: 'id' });
    ajv.addMetaSchema(JSON.parse(fs.readFileSync(require.resolve('ajv/lib/refs/json-schema-draft-04.json'), 'utf8')) as object);
    const validate = ajv.compile(schema);
    for (const log of [await sarif(MODULES), await sarif(MODULES, '--config', `${MODULES}/lessons.json`), await sarif(`${FIXTURES}/payments-dev.plan.json`)]) {
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    }
    // The schema can fail: a level SARIF does not define is refused.
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ ruleId: 'a', level: 'fatal', message: { text: 'm' } }] }] })).toBe(false);
  });

  it('validates against the SARIF 2.1.0 schema (focused on the objects it writes, test/support/sarif-schema.ts)', async () => {
    const validate = new Ajv({ allErrors: true }).compile(SARIF_2_1_0_SUBSET);
    for (const log of [await sarif(MODULES), await sarif(MODULES, '--config', `${MODULES}/lessons.json`), await sarif(`${FIXTURES}/payments-dev.plan.json`)]) {
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    }
    const log = (result: object) => ({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [result] }] });
    expect(validate(log({ ruleId: 'a', message: { text: 'm' } }))).toBe(true);
    expect(validate(log({ ruleId: 'a', level: 'fatal', message: { text: 'm' } }))).toBe(false);
    expect(validate(log({ ruleId: 'a', message: { text: 'm' }, severity: 'high' }))).toBe(false);
    expect(validate(log({ ruleId: 'a', message: {} }))).toBe(false);
  });

  it('describes each rule of the pack with its level and help, and the three notice kinds', async () => {
    const log = await sarif(MODULES);
    const rules = log.runs[0].tool.driver.rules as { id: string; defaultConfiguration: { level: string }; help: { text: string }; properties?: { lesson: string } }[];
    expect(log.runs[0].tool.driver.name).toBe('azure-lessons');
    expect(rules).toHaveLength(RULE_COUNT + 3);
    expect(rules.find((r) => r.id === 'EDGE-1.FrontDoorTimeoutAboveCeiling')).toMatchObject({
      name: 'FrontDoorTimeoutAboveCeiling', defaultConfiguration: { level: 'error' }, properties: { lesson: 'EDGE-1' },
      shortDescription: { text: 'A Front Door profile whose origin response timeout is above the 240 s ceiling.' },
      help: { text: 'A Front Door profile whose origin response timeout is above the 240 s ceiling. The finding says what to set and why. To accept a finding, comment on the resource: # azure-lessons:suppress EDGE-1.FrontDoorTimeoutAboveCeiling <reason of at least 10 characters>.' },
      helpUri: 'https://github.com/realtime-platform/azure-constructs/blob/main/docs/lessons.md',
    });
    expect(rules.find((r) => r.id === 'ING-4.GrpcBehindBrowserRoute')!.defaultConfiguration.level).toBe('warning');
    expect(rules.slice(-3).map((r) => `${r.id} ${r.defaultConfiguration.level}`)).toEqual(['AZURE.ModuleNotRead note', 'AZURE.UnusedSuppression warning', 'AZURE.FileNotRead warning']);
  });

  it('gives each finding its rule, level, message and the file and line of its resource (in the module\'s own file)', async () => {
    const log = await sarif(MODULES);
    const results = log.runs[0].results as Record<string, unknown>[];
    const rules = log.runs[0].tool.driver.rules as { id: string }[];
    expect(results.find((r) => r.ruleId === 'SCALE-1.ConnectionHoldingScaleRule')).toEqual({
      ruleId: 'SCALE-1.ConnectionHoldingScaleRule', ruleIndex: rules.findIndex((r) => r.id === 'SCALE-1.ConnectionHoldingScaleRule'), level: 'warning',
      message: { text: SCALE_1 },
      locations: [{
        physicalLocation: { artifactLocation: { uri: `${MODULES}/modules/app/main.tf` }, region: { startLine: 6 } },
        logicalLocations: [{ fullyQualifiedName: 'module.app.azurerm_container_app.this', kind: 'resource' }],
      }],
    });
    expect(results.find((r) => r.ruleId === 'EDGE-1.FrontDoorTimeoutAboveCeiling')).toMatchObject({ level: 'error', locations: [{ physicalLocation: { region: { startLine: 18 } } }] });
    expect(results.find((r) => r.ruleId === 'AZURE.ModuleNotRead')).toMatchObject({ level: 'note', message: { text: NOT_READ }, locations: [{ physicalLocation: { artifactLocation: { uri: `${MODULES}/main.tf` }, region: { startLine: 37 } } }] });
    expect(results.find((r) => r.ruleId === 'AZURE.UnusedSuppression')).toEqual({
      ruleId: 'AZURE.UnusedSuppression', ruleIndex: RULE_COUNT + 1, level: 'warning', message: { text: UNUSED },
      locations: [{
        physicalLocation: { artifactLocation: { uri: `${MODULES}/main.tf` }, region: { startLine: 47 } },
        logicalLocations: [{ fullyQualifiedName: 'azurerm_eventgrid_topic.events', kind: 'resource' }],
      }],
    });
  });

  it('reads the local modules of a single .tf file given as the path, with the module\'s own file in the location', async () => {
    const log = await sarif(`${MODULES}/main.tf`);
    const scale = log.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'SCALE-1.ConnectionHoldingScaleRule');
    expect(scale.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: `${MODULES}/modules/app/main.tf` }, region: { startLine: 6 } });
  });

  it('marks suppressed findings: inSource for a comment, external for the config file, with the reason as justification', async () => {
    const log = await sarif(MODULES, '--config', `${MODULES}/lessons.json`);
    const suppressed = (log.runs[0].results as { ruleId: string; suppressions?: unknown[] }[]).filter((r) => r.suppressions);
    expect(suppressed.map((r) => [r.ruleId, r.suppressions])).toEqual(expect.arrayContaining([
      ['SEC-1.RegistryAdminUser', [{ kind: 'inSource', justification: 'the build agents still log in with the admin user until they move to AcrPull' }]],
      ['EDGE-1.FrontDoorTimeoutAboveCeiling', [{ kind: 'external', justification: 'the origin answers within 200 s; the profile is replaced next sprint' }]],
    ]));
    expect(suppressed).toHaveLength(3);
  });
});

describe('azure-lessons on bad input (exit code 2)', () => {
  const refusal = async (...args: string[]) => {
    const out = await run(...args);
    expect(out.exitCode).toBe(2);
    expect(out.stdout).toBe('');
    return out.stderr;
  };
  const M = `${FIXTURES}/malformed`;

  it('fails when a .tf file does not parse, naming the file and hcl2json\'s reason', async () => {
    expect(await refusal(`${M}/unclosed.tf`)).toBe(`[AZURE] ${M}/unclosed.tf: file = "${M}/unclosed.tf": it does not parse as Terraform HCL (parse config: [${M}/unclosed.tf:1,41-42: Unclosed configuration block; There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.]). Fix: correct the syntax (terraform validate shows where), or leave the file out of the directory.\n`);
  });

  it('fails when a .tf.json file is not JSON', async () => {
    expect(await refusal(`${M}/truncated.tf.json`)).toBe(`[AZURE] ${M}/truncated.tf.json: file = "${M}/truncated.tf.json": it is neither HCL (.tf) nor valid JSON (Unexpected end of JSON input). Fix: give a .tf file, a directory of them, a .tf.json file, or the JSON of a plan (terraform show -json plan > plan.json).\n`);
  });

  it('fails when a plan is of another format version (another Terraform)', async () => {
    expect(await refusal(`${M}/future.plan.json`)).toBe(`[AZURE] ${M}/future.plan.json: format_version = "2.0": the plan JSON is of a format this command does not read (it reads format 1.x, written by Terraform 1.x and OpenTofu). Fix: write the plan again with Terraform 1.x: terraform show -json plan > plan.json.\n`);
  });

  it('reads a .tf.json file of any top-level block as configuration, as Terraform does: one of variables only is judged, not refused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-tfjson-'));
    try {
      fs.writeFileSync(path.join(dir, 'variables.tf.json'), JSON.stringify({ variable: { db_password: { default: 'correct-horse-battery' } } }));
      fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ variable: { region: { default: 'westeurope' } } }));
      const out = await LessonsCommand.execute(['variables.tf.json', '--format', 'json'], dir);
      expect(out.exitCode).toBe(1);
      expect((JSON.parse(out.stdout) as LessonsReport).results.filter((r) => r.status === ReportStatus.NON_COMPLIANT).map((r) => `${r.ruleId} ${r.address}`)).toEqual(['SEC-1.VariableDefaultSecret var.db_password']);
      // Of another name, a JSON file is configuration only with resources, modules or a terraform block (a REST answer's `data` is none).
      expect((await LessonsCommand.execute(['settings.json'], dir)).exitCode).toBe(2);
      fs.writeFileSync(path.join(dir, 'list.tf.json'), '[1, 2]');
      const list = await LessonsCommand.execute(['list.tf.json'], dir);
      expect(list.exitCode).toBe(2);
      expect(list.stderr).toContain('list.tf.json: file = "list.tf.json": a .tf.json file holds one JSON object (Terraform\'s configuration syntax), and this one does not.');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails when a JSON file is neither Terraform configuration nor a plan', async () => {
    expect(await refusal(`${M}/other.json`)).toBe(`[AZURE] ${M}/other.json: file = "${M}/other.json": it is JSON but neither Terraform JSON configuration (a .tf.json file, or resource, module, terraform) nor a plan (format_version, planned_values). Fix: give a .tf.json file, or write the plan with terraform show -json plan > plan.json.\n`);
  });

  it('fails when a directory holds no Terraform files', async () => {
    const dir = fs.mkdtempSync(path.join(root, '.lessons-empty-'));
    try {
      const name = path.basename(dir);
      expect(await refusal(name)).toBe(`[AZURE] ${name}: path = "${name}": the directory holds no Terraform files (.tf, .tf.json), so there is nothing to check. Fix: give the directory of a Terraform module, a .tf.json file, or the JSON of a plan (terraform show -json plan > plan.json).\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails when the path does not exist', async () => {
    expect(await refusal('no/such/dir')).toBe('[AZURE] no/such/dir: path = "no/such/dir": there is no such file or directory. Fix: give a directory of .tf files, a .tf.json file, or the JSON of a plan.\n');
  });

  it('fails when a suppression comment gives a reason shorter than 10 characters', async () => {
    expect(await refusal(`${M}/short-reason.tf`)).toBe(`[AZURE] ${M}/short-reason.tf:1: suppression.reason = "legacy": suppressing LIM-1 needs a reason reviewers can read. Fix: say in at least 10 characters why the rule does not apply here.\n`);
  });

  it('fails when an option is unknown, or --format names no format', async () => {
    const usage = 'usage: azure-lessons [--format text|json|sarif] [--output FILE] [--config FILE] [--production | --non-production] PATH...';
    expect(await refusal('--strict', MODULES)).toBe(`[AZURE] azure-lessons: option = "--strict": the command has no such option. Fix: ${usage}\n`);
    expect(await refusal('--format', 'xml', MODULES)).toBe('[AZURE] azure-lessons: --format = "xml": the format is text, json or sarif. Fix: pass --format text, --format json or --format sarif.\n');
    expect(await refusal(MODULES, '--config')).toBe(`[AZURE] azure-lessons: --config = undefined: --config needs a value. Fix: ${usage}\n`);
    expect((await run('--help')).stdout.split('\n')[0]).toBe(usage);
  });

  it('fails when a config file suppression names no resource, or has a key the config does not know', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-cli-'));
    try {
      const config = path.join(dir, 'lessons.json');
      fs.writeFileSync(config, JSON.stringify({ suppressions: [{ id: 'SEC-1', reason: 'a reason long enough' }] }));
      expect(await refusal(MODULES, '--config', config)).toBe(`[AZURE] ${config}: suppressions: resource = undefined: a suppression in the config file names the resource it covers. Fix: set resource to its address (e.g. azurerm_redis_cache.legacy, or module.cache for everything in a module).\n`);
      fs.writeFileSync(config, JSON.stringify({ ignore: ['SEC-1'] }));
      expect(await refusal(MODULES, '--config', config)).toBe(`[AZURE] ${config}: ignore = ["SEC-1"]: the config file is an object of production and suppressions only. Fix: remove it; the config file knows production, suppressions.\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the azure-lessons bin', () => {
  it('prints the findings and exits with the code of the run', () => {
    const result = spawnSync(process.execPath, ['--require', 'tsx/cjs', 'constructs/lessons-cli/main.ts', `${FIXTURES}/malformed/future.plan.json`], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^\[AZURE\] test\/fixtures\/lessons-cli\/malformed\/future\.plan\.json: format_version = "2\.0"/);
    const ok = spawnSync(process.execPath, ['--require', 'tsx/cjs', 'constructs/lessons-cli/main.ts', MODULES, '--config', `${MODULES}/lessons.json`], { cwd: root, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim().split('\n').pop()).toBe('lessons: 13 passed, 1 failed (0 errors, 1 warning), 3 suppressed');
  });
});

describe('azure-lessons on a real plan (terraform show -json of payments-dev, Terraform 1.11.4)', () => {
  it('reports every rule and resource as the construct check does on the payments-dev stack', async () => {
    const stack = synthAll(DEFAULT_ENVIRONMENTS.filter((e) => e.name === 'dev')).find((s) => s.name === 'payments-dev')!.stack;
    const report = LessonsCheck.of(stack)!.reportOf(stack);
    // A plan has the resources, not the constructs: their own warnings and notes (rows of type `construct`) are not in it.
    const construct = { ...report, results: report.results.filter((r) => r.resourceType !== 'construct') };
    expect(report.results.filter((r) => r.resourceType === 'construct').map((r) => r.ruleId).sort())
      .toEqual(['LIM-5.ConsumerPace', 'LIM-5.OutageBacklog', 'LIM-5.PartnerTotal']);
    const out = await run(`${FIXTURES}/payments-dev.plan.json`, '--non-production', '--format', 'json');
    const plan = JSON.parse(out.stdout) as LessonsReport;
    const status = (r: LessonsReport) => new Map(r.results.map((x) => [`${x.ruleId} ${x.address}`, x.status]));
    // The fixture keeps the resources some rule reads, and those they reference (what `npm run
    // gen:fixtures` keeps, tools/fixtures/select.ts), and the stack's root outputs.
    const planned = JSON.parse(fs.readFileSync(path.join(root, FIXTURES, 'payments-dev.plan.json'), 'utf8')) as PlanJson;
    const resources = new Set(planned.planned_values.root_module.resources.map((r) => r.address));
    const outputs = new Set(Object.keys((planned.configuration.root_module.outputs ?? {}) as object).map((name) => `output.${name}`));
    expect(outputs.size).toBeGreaterThan(0);
    // The providers (azurerm, azapi, azuread, time) and the root variables, which the rules that read them see in both.
    const providers = Object.keys((planned.configuration.provider_config ?? {}) as object).map((name) => `provider.${name}`);
    expect(providers.sort()).toEqual(['provider.azapi', 'provider.azuread', 'provider.azurerm', 'provider.time']);
    const variables = Object.keys((planned.configuration.root_module.variables ?? {}) as object).map((name) => `var.${name}`);
    const inPlan = new Set([...resources, ...outputs, ...providers, ...variables]);
    const readTypes = new Set(PlatformLessonsPack.create().rules.flatMap((r) => r.rule.resourceTypes));
    const read = planned.configuration.root_module.resources.filter((r) => readTypes.has(String(r.type)));
    expect(read.length).toBeGreaterThan(20);
    expect(read.every((r) => inPlan.has(r.address))).toBe(true);
    const fromPlan = status(plan);
    const fromConstructs = new Map([...status(construct)].filter(([key]) => inPlan.has(key.split(' ')[1])));
    // Every row on the plan's resources, both ways: a pair without a row is not applicable on both sides.
    // (A policy's XML that interpolates a backend's name is unknown in the planned values: the configuration's template is read instead.)
    expect([...fromPlan].filter(([key, s]) => fromConstructs.get(key) !== s)).toEqual([]);
    expect([...fromConstructs].filter(([key, s]) => fromPlan.get(key) !== s)).toEqual([]);
    // Compliant rows counted on the fixture's resources and outputs: the stack has more (named resources no other rule reads, which the fixture left out).
    const compliant = construct.results.filter((r) => inPlan.has(r.address) && r.status === ReportStatus.COMPLIANT).length;
    // Outputs are seen by the rules that read outputs only, and counted for no other.
    const onResources = construct.results.filter((r) => resources.has(r.address) && r.status === ReportStatus.COMPLIANT).length;
    expect(plan.summary).toEqual({ ...summarize(construct.results), compliant, notApplicable: resources.size * RULE_COUNT - onResources });
    expect(out.exitCode).toBe(0);
  });

  it('finds in the same plan, checked as production, the sample image the dev environment deploys', async () => {
    const out = await run(`${FIXTURES}/payments-dev.plan.json`);
    expect(out.exitCode).toBe(1);
    expect(out.stdout.split('\n')[0]).toBe('[RELEASE.ProductionImage] azurerm_container_app.consumer_app_23816992: template.container[0].image = "mcr.microsoft.com/dotnet/samples:aspnetapp": this is a public sample image, a placeholder for a first deploy, not the application. Fix: set the environment\'s image to your application image, e.g. <registry>.azurecr.io/<repository>:<version>.');
  });
});

describe('the payments-dev plan fixture (`npm run gen:fixtures`, tools/fixtures)', () => {
  const plan = (resources: { address: string; type: string; expressions?: object }[]): PlanJson => ({
    format_version: '1.2', terraform_version: '1.11.4',
    planned_values: { root_module: { resources: resources.map((r) => ({ address: r.address })) } },
    configuration: { root_module: { resources: resources.map((r) => ({ ...r, mode: 'managed' })) } },
  });

  it('keeps the resources of a type some rule reads and those they reference, in the plan\'s order, and no other', () => {
    const given = plan([
      { address: 'azurerm_resource_group.rg', type: 'azurerm_resource_group' },
      { address: 'azurerm_role_assignment.unread', type: 'azurerm_role_assignment', expressions: { scope: { references: ['azurerm_storage_account.st.id', 'azurerm_storage_account.st'] } } },
      { address: 'azurerm_storage_account.st', type: 'azurerm_storage_account', expressions: { resource_group_name: { references: ['azurerm_resource_group.rg.name', 'azurerm_resource_group.rg'] }, x: [{ y: { references: ['data.azurerm_client_config.c.tenant_id', 'local.l', 'var.v'] } }] } },
      { address: 'azurerm_user_assigned_identity.id', type: 'azurerm_user_assigned_identity' },
    ]);
    const fixture = fixtureOf(given, new Set(['azurerm_storage_account']));
    expect(fixture.planned_values.root_module.resources.map((r) => r.address)).toEqual(['azurerm_resource_group.rg', 'azurerm_storage_account.st']);
    expect(fixture.configuration.root_module.resources.map((r) => r.address)).toEqual(['azurerm_resource_group.rg', 'azurerm_storage_account.st']);
    expect(Object.keys(fixture)).toEqual(['format_version', 'terraform_version', 'planned_values', 'configuration']);
  });

  it.skipIf(!mirror)('is what the command writes from a plan of payments-dev (Terraform and the provider mirror: TF_CLI_CONFIG_FILE)', () => {
    const out = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'tools', 'fixtures', 'generate.ts'), '--check'], { cwd: root, encoding: 'utf8', env: { ...process.env, CHECKPOINT_DISABLE: '1' } });
    expect(`${out.stdout}${out.stderr}`).toContain('payments-dev.plan.json is current');
    expect(out.status).toBe(0);
  }, 300_000);
});

describe('azure-lessons on a plan with modules', () => {
  it('checks the resources of local and remote modules under their instance address, and follows a module output to the resource it references', async () => {
    const out = await run(`${FIXTURES}/modules.plan.json`, '--non-production');
    expect(out.exitCode).toBe(1);
    expect(out.stdout).toBe(`${[
      '[ING-4.GrpcBehindBrowserRoute] azurerm_cdn_frontdoor_origin.app: host_name = "${module.app.azurerm_container_app.this[0].ingress[0].fqdn}": it sends browser-facing traffic to module.app.azurerm_container_app.this[0], whose ingress is http2 (gRPC): browsers cannot speak gRPC without grpc-web and a translating proxy. Fix: route browsers to the HTTP/1.1 app (transport auto: polling, SSE, WebSockets) and keep gRPC on its own http2 ingress for gRPC clients (DualIngressContainerApp does).',
      '[SCALE-1.ConnectionHoldingScaleRule] module.app.azurerm_container_app.this[0]: template.http_scale_rule = undefined: this app holds connections (streams, WebSockets or gRPC) but has no HTTP scale rule, so it scales on CPU and memory, which idle sockets do not move. Fix: add an http_scale_rule with concurrent_requests of 50 or less (e.g. 10).',
      '[LIM-1.NoAzureCacheForRedis] module.network.azurerm_redis_cache.this: resource type = "azurerm_redis_cache redis-payments": Azure Cache for Redis is closed to new caches since 1 October 2026. Fix: use Azure Managed Redis (azurerm_managed_redis / Microsoft.Cache/redisEnterprise), clustered, reached with managed identity.',
      '[SEC-1.RedisAccessKeys] module.network.azurerm_redis_cache.this: access_keys_authentication_enabled = undefined: the cache accepts its access keys (unset: on): one shared secret for the whole cache, and whoever holds it bypasses Entra ID. Fix: set access_keys_authentication_enabled = false with redis_configuration.active_directory_authentication_enabled = true, and grant each workload identity an access policy assignment.',
      'lessons: 4 passed, 4 failed (2 errors, 2 warnings), 0 suppressed',
    ].join('\n')}\n`);
  });

  it('locates each of a plan\'s resources on its own address line, when one address begins another or a module holds the same one (one pass over the plan, issue 30)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-cli-'));
    try {
      const cache = (address: string) => ({ address, mode: 'managed', type: 'azurerm_redis_cache', name: address.split('.').pop(), values: { name: 'redis', sku_name: 'Standard' } });
      const plan = {
        format_version: '1.2',
        planned_values: { root_module: {
          resources: [cache('azurerm_redis_cache.cache_b'), cache('azurerm_redis_cache.cache')],
          child_modules: [{ address: 'module.m', resources: [cache('module.m.azurerm_redis_cache.cache')] }],
        } },
        // The same addresses again below, as a real plan's resource_changes has them: the first is the resource's.
        resource_changes: [{ address: 'azurerm_redis_cache.cache', mode: 'managed', type: 'azurerm_redis_cache', change: { actions: ['create'] } }],
      };
      const file = path.join(dir, 'plan.json');
      fs.writeFileSync(file, JSON.stringify(plan, null, 2));
      const text = fs.readFileSync(file, 'utf8').split('\n');
      const lineOfAddress = (address: string) => text.findIndex((l) => l.trim() === `"address": "${address}",`) + 1;
      const log = JSON.parse((await run(file, '--format', 'sarif')).stdout) as { runs: { results: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } }; logicalLocations: { fullyQualifiedName: string }[] }[] }[] }[] };
      const lines = Object.fromEntries(log.runs[0].results.filter((r) => r.ruleId === 'LIM-1.NoAzureCacheForRedis')
        .map((r) => [r.locations[0].logicalLocations[0].fullyQualifiedName, r.locations[0].physicalLocation.region.startLine]));
      expect(lines).toEqual({ 'azurerm_redis_cache.cache_b': 7, 'azurerm_redis_cache.cache': 17, 'module.m.azurerm_redis_cache.cache': 32 });
      expect(Object.keys(lines).map(lineOfAddress)).toEqual([7, 17, 32]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('locates a plan\'s findings on the line of the resource\'s address in the plan file', async () => {
    const log = JSON.parse((await run(`${FIXTURES}/modules.plan.json`, '--format', 'sarif')).stdout);
    const at = (ruleId: string) => log.runs[0].results.find((r: { ruleId: string }) => r.ruleId === ruleId).locations[0].physicalLocation;
    expect(at('LIM-1.NoAzureCacheForRedis')).toEqual({ artifactLocation: { uri: `${FIXTURES}/modules.plan.json` }, region: { startLine: 42 } });
  });
});

const inDir = async (files: Record<string, string>, ...args: string[]) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lessons-cli-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return JSON.parse((await LessonsCommand.execute(['.', '--format', 'json', ...args], dir)).stdout) as LessonsReport & { notices: string[] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
const rows = (report: LessonsReport) => report.results.filter((r) => r.status === ReportStatus.NON_COMPLIANT || r.status === ReportStatus.SUPPRESSED)
  .map((r) => `${r.status} ${r.ruleId} ${r.setting}${r.suppressionReason ? `: ${r.suppressionReason}` : ''}`);

describe('azure-lessons suppressions in other comment forms', () => {

  it('narrows a comment inside the block to the settings of appliesTo, and reads /* */ comments', async () => {
    const report = await inDir({ 'main.tf': [
      'resource "azurerm_managed_redis" "cache" {',
      '  name = "cache"',
      '  # azure-lessons:suppress SEC-1 appliesTo=default_database.access_keys_authentication_enabled the vendor agent supports keys only',
      '  default_database {',
      '    access_keys_authentication_enabled = true',
      '    client_protocol                    = "Plaintext"',
      '  }',
      '}',
      '/* azure-lessons:suppress LIM-1.NoAzureCacheForRedis imported cache, the migration is tracked in PLAT-42 */',
      'resource "azurerm_redis_cache" "legacy" {',
      '  name = "legacy"',
      '}',
      '',
    ].join('\n') });
    expect(rows(report)).toEqual([
      'suppressed SEC-1.RedisAccessKeys default_database.access_keys_authentication_enabled: the vendor agent supports keys only',
      'non-compliant SEC-1.RedisPlaintext default_database.client_protocol',
      'suppressed LIM-1.NoAzureCacheForRedis resource type: imported cache, the migration is tracked in PLAT-42',
      // The suppression of LIM-1 does not hide the cache's access keys (SEC-1, on by default).
      'non-compliant SEC-1.RedisAccessKeys access_keys_authentication_enabled',
    ]);
    expect(report.notices).toEqual([]);
  });

  it('reads a "//" comment of a resource in .tf.json', async () => {
    const report = await inDir({ 'main.tf.json': JSON.stringify({ resource: { azurerm_redis_cache: { legacy: {
      '//': 'azure-lessons:suppress LIM-1 imported cache, the migration is tracked in PLAT-42', name: 'legacy',
    } } } }, null, 2) });
    expect(rows(report)).toEqual([
      'suppressed LIM-1.NoAzureCacheForRedis resource type: imported cache, the migration is tracked in PLAT-42',
      'non-compliant SEC-1.RedisAccessKeys access_keys_authentication_enabled',
    ]);
  });
});

describe('azure-lessons on locals', () => {
  it('reads a local that is a value or a reference to a resource where an attribute is the local alone', async () => {
    const report = await inDir({ 'main.tf': [
      'locals {',
      '  timeout  = 300',
      '  app_fqdn = azurerm_container_app.app.ingress[0].fqdn',
      '}',
      'resource "azurerm_cdn_frontdoor_profile" "edge" {',
      '  response_timeout_seconds = local.timeout',
      '}',
      'resource "azurerm_container_app" "app" {',
      '  ingress {',
      '    transport = "http2"',
      '  }',
      '}',
      'resource "azurerm_cdn_frontdoor_origin" "app" {',
      '  host_name = local.app_fqdn',
      '}',
      '',
    ].join('\n') }, '--non-production');
    expect(rows(report).sort()).toEqual([
      'non-compliant EDGE-1.FrontDoorTimeoutAboveCeiling response_timeout_seconds',
      'non-compliant ING-4.GrpcBehindBrowserRoute host_name',
      'non-compliant SCALE-1.ConnectionHoldingScaleRule template.http_scale_rule',
    ]);
  });
});

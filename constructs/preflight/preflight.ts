import * as fs from 'fs';
import * as path from 'path';
import { DeployRequirement, PREFLIGHT_FILE, PreflightManifest, RequirementKind } from '../core/deploy-requirements';
import { AzureChecks, messageOf, statusOf } from './azure-checks';
import { AzureClients, DEFAULT_GRAPH, DEFAULT_RESOURCE_MANAGER } from './azure-clients';
import { lookUpDeployer } from './deployer-lookup';
import { checkGlobalName } from './name-checks';
import { TokenClaims, checkGraphPermission, claimsOf, deployerOf } from './token-claims';
import { CheckStatus, DeployerIdentity, IPreflightCredential, PreflightCheckResult, PreflightOptions, PreflightReport, PrincipalKind } from './types';

/** A manifest that cannot be read: the command's usage error (exit 2). */
export class PreflightInputError extends Error {}

/**
 * Checks a synthesized stack's deploy prerequisites (its `preflight.json`) against a tenant and
 * subscription with the deployer's own credential, before `cdktf deploy`: each requirement ok,
 * missing (with the fix) or unknown. Uses Microsoft's SDKs (Resource Manager clients, Microsoft
 * Graph), which it loads only when it runs. The `azure-preflight` command is this with
 * `DefaultAzureCredential`; see docs/preflight.md.
 *
 * ```ts
 * const manifest = Preflight.readManifest('cdktf.out/stacks/realtime-prod');
 * const report = await Preflight.check(manifest, new DefaultAzureCredential(), { subscriptionId });
 * console.log(Preflight.format(report));
 * ```
 */
export class Preflight {
  /** Read `preflight.json` from a stack's synthesized directory, or from the file itself. */
  public static readManifest(location: string): PreflightManifest {
    const file = fs.existsSync(location) && fs.statSync(location).isDirectory() ? path.join(location, PREFLIGHT_FILE) : location;
    if (!fs.existsSync(file)) throw new PreflightInputError(`${file} does not exist: synthesize the stack first (npm run synth, or cdktf synth).`);
    let manifest: PreflightManifest;
    try {
      manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as PreflightManifest;
    } catch (error) {
      throw new PreflightInputError(`${file} is not JSON: ${(error as Error).message}`);
    }
    if (manifest === null || typeof manifest !== 'object' || manifest.version !== 1 || !Array.isArray(manifest.requirements)) {
      throw new PreflightInputError(`${file} is not a preflight manifest of version 1 (written by this library's synth).`);
    }
    return manifest;
  }

  /** Check every requirement of the manifest; never throws for what Azure answers (that is an unknown). */
  public static async check(manifest: PreflightManifest, credential: IPreflightCredential, options: PreflightOptions): Promise<PreflightReport> {
    const clients = new AzureClients(credential, options.subscriptionId,
      trimSlash(options.resourceManagerEndpoint ?? DEFAULT_RESOURCE_MANAGER), trimSlash(options.graphEndpoint ?? DEFAULT_GRAPH));
    const needsGraph = manifest.requirements.some((r) => r.kind === RequirementKind.GRAPH_PERMISSION || r.kind === RequirementKind.SERVICE_PRINCIPAL);
    const armClaims = await claimsFor(credential, clients.resourceManagerScope());
    // Without a Graph token the Graph checks are unknown, not the whole run a failure.
    const graphClaims = needsGraph ? await claimsFor(credential, clients.graphScope()).catch(() => undefined) : undefined;
    // Signed in as the deploying identity, its tokens tell; as another (a read-only plan identity), Graph tells of the deployer.
    const looked = options.deployerObjectId !== undefined
      ? await lookUpDeployer(clients, options.deployerObjectId, armClaims?.tid)
      : { deployer: deployerOf(armClaims, graphClaims), graphKnown: graphClaims !== undefined, guest: graphClaims?.acct === 1 };
    const deployer = looked.deployer;
    const azure = new AzureChecks(clients, deployer);
    const results = await Promise.all(manifest.requirements.map((r) => checkOne(r, clients, azure, deployer, looked.graphKnown, looked.guest)));
    const count = (status: CheckStatus) => results.filter((r) => r.status === status).length;
    const counts = { ok: count(CheckStatus.OK), missing: count(CheckStatus.MISSING), unknown: count(CheckStatus.UNKNOWN) };
    return { stack: manifest.stack, subscriptionId: options.subscriptionId, deployer, ready: counts.missing === 0, counts, results };
  }

  /** The report as text: who ran it, one line per requirement (with its fix), a summary. */
  public static format(report: PreflightReport): string {
    const d = report.deployer;
    const who = d.kind === PrincipalKind.USER ? `user ${d.userName ?? d.objectId ?? '?'}` : `${d.kind} ${d.applicationId ?? d.objectId ?? '?'}`;
    const roles = d.kind === PrincipalKind.USER ? `directory roles: ${d.directoryRoles.join(', ') || 'none'}` : `Graph permissions: ${d.graphPermissions.join(', ') || 'none'}`;
    const lines = [`azure-preflight ${report.stack}: subscription ${report.subscriptionId}, tenant ${d.tenantId ?? '?'}, deployer ${who} (object id ${d.objectId ?? '?'}; ${roles})`];
    for (const r of report.results) {
      lines.push(`${r.status.toUpperCase().padEnd(7)} ${describe(r.requirement)}: ${r.detail}`);
      if (r.fix && r.status !== CheckStatus.OK) lines.push(`        Fix: ${r.fix}`);
    }
    lines.push(`${report.counts.ok} ok, ${report.counts.missing} missing, ${report.counts.unknown} unknown: ${report.ready ? 'ready to deploy' : 'not ready'}${report.counts.unknown > 0 ? ' (check the unknown ones by hand)' : ''}`);
    return `${lines.join('\n')}\n`;
  }

  private constructor() {}
}

/** One requirement in words, e.g. `resource provider Microsoft.App`. */
export function describe(r: DeployRequirement): string {
  switch (r.kind) {
    case RequirementKind.SERVICE_PRINCIPAL: return `service principal ${r.applicationId}${r.displayName ? ` (${r.displayName})` : ''}`;
    case RequirementKind.GRAPH_PERMISSION: return `Graph permission ${r.permission}`;
    case RequirementKind.AZURE_PERMISSION: return `${r.action} on ${r.scopeId}`;
    case RequirementKind.RESOURCE_PROVIDER: return `resource provider ${r.namespace || '(unknown)'}`;
    case RequirementKind.REGION: return `${r.resourceType} in ${r.location}`;
    case RequirementKind.SKU: return `SKU ${r.sku} (${r.skuFamily}) in ${r.location}`;
    case RequirementKind.GLOBAL_NAME: return `name ${r.name} (${r.resourceType})`;
    case RequirementKind.EXISTING_RESOURCE: return `existing ${r.resourceType} ${r.resourceGroupName}/${r.name}`;
    case RequirementKind.EXISTING_VALUE: return `${r.resourceType} ${r.name}: ${r.setting}`;
    default: return String(r.kind);
  }
}

async function checkOne(requirement: DeployRequirement, clients: AzureClients, azure: AzureChecks, deployer: DeployerIdentity, graphKnown: boolean, guest: boolean): Promise<PreflightCheckResult> {
  if (requirement.unresolved && requirement.unresolved.length > 0) {
    return { requirement, status: CheckStatus.UNKNOWN, detail: `known only at apply: ${requirement.unresolved.join('; ')}.` };
  }
  switch (requirement.kind) {
    case RequirementKind.SERVICE_PRINCIPAL: return checkServicePrincipal(requirement, clients);
    case RequirementKind.GRAPH_PERMISSION: return checkGraphPermission(requirement, deployer, graphKnown, guest);
    case RequirementKind.AZURE_PERMISSION: return azure.permission(requirement);
    case RequirementKind.RESOURCE_PROVIDER: return azure.resourceProvider(requirement);
    case RequirementKind.REGION: return azure.region(requirement);
    case RequirementKind.SKU: return azure.sku(requirement);
    case RequirementKind.GLOBAL_NAME: return checkGlobalName(clients, azure, requirement);
    case RequirementKind.EXISTING_RESOURCE: return azure.existingResource(requirement);
    case RequirementKind.EXISTING_VALUE: return azure.existingValue(requirement);
    default: return { requirement, status: CheckStatus.UNKNOWN, detail: `this preflight does not know the requirement kind ${String(requirement.kind)}: update the package.` };
  }
}

/** A service principal the stack looks up by application id: Microsoft Graph `servicePrincipals(appId='...')`. */
async function checkServicePrincipal(requirement: DeployRequirement, clients: AzureClients): Promise<PreflightCheckResult> {
  const appId = requirement.applicationId ?? '';
  const fix = `az ad sp create --id ${appId}`;
  try {
    const graph = await clients.graph();
    const sp = await graph.api(`/servicePrincipals(appId='${appId}')`).select(['id', 'appId', 'displayName']).get() as { id?: string; displayName?: string };
    return { requirement, status: CheckStatus.OK, detail: `the tenant has it (${sp.displayName ?? appId}, object id ${sp.id ?? '?'}).` };
  } catch (error) {
    const status = statusOf(error);
    if (status === 404) return { requirement, status: CheckStatus.MISSING, detail: 'the tenant has no service principal for this application: the plan fails looking it up.', fix };
    if (status === 401 || status === 403) return { requirement, status: CheckStatus.UNKNOWN, detail: `the deployer may not read service principals (${messageOf(error)}): the plan's lookup would fail too.`, fix: 'grant the deployer Application.Read.All (see the Graph permission lines).' };
    return { requirement, status: CheckStatus.UNKNOWN, detail: `Microsoft Graph did not answer (${messageOf(error)}).` };
  }
}

async function claimsFor(credential: IPreflightCredential, scope: string): Promise<TokenClaims | undefined> {
  const token = await credential.getToken([scope]);
  return token ? claimsOf(token.token) : undefined;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

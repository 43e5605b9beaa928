import { TerraformVariable } from 'cdktf';
import { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ContainerAppsEnvironment } from '../constructs/container-apps/container-apps-environment';
import { ContainerService, ContainerServiceProps } from '../constructs/container-apps/container-service';
import { DualIngressContainerApp } from '../constructs/container-apps/dual-ingress-container-app';
import { ImageReference, ReleaseImage, parseImage } from '../constructs/container-apps/image-reference';
import { InProcessLimit, InProcessLimitKind, checkInProcessLimits } from '../constructs/container-apps/in-process-limit';
import { ContainerRegistry } from '../constructs/container-apps/container-registry';
import { ENVIRONMENT, WORKSPACE_ID } from './support/fixtures';
import { refusalOf } from './support/refusal';
import { resourceOf, synth, testStack, warningsOf } from './support/synth';

// Behaviour of constructs/container-apps the other suites leave open: the image reference
// parser, size and scale boundaries, environment variable names and the environment options.

function service(props: Partial<ContainerServiceProps> = {}) {
  const stack = testStack();
  const svc = new ContainerService(stack, 'svc', { name: 'ca-limiter', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', ...props });
  return { stack, svc };
}

describe('parseImage', () => {
  it('splits host, repository, tag and digest, and keeps an untagged repository whole', () => {
    expect(parseImage('contoso.azurecr.io/orders/api')).toEqual({ repository: 'contoso.azurecr.io/orders/api' });
    expect(parseImage('localhost:5000/orders/api:1.4.2')).toEqual({ repository: 'localhost:5000/orders/api', tag: '1.4.2' });
    expect(parseImage(`api@sha256:${'a'.repeat(64)}`)).toEqual({ repository: 'api', digest: `sha256:${'a'.repeat(64)}` });
  });
});

describe('ImageReference.problemOf', () => {
  it('takes registry hosts in any case, with a port, and Docker Hub names', () => {
    for (const image of ['Contoso.AzureCR.io/orders/api:1.4.2', 'localhost:5000/orders/api:1', 'localhost/api:1', 'orders/api:1', 'api']) {
      expect(ImageReference.problemOf(image)).toBeUndefined();
    }
  });

  it('does not check a Terraform reference', () => {
    const image = new TerraformVariable(testStack(), 'image', { type: 'string' }).stringValue;
    expect(ImageReference.problemOf(image)).toBeUndefined();
    expect(ReleaseImage.problemOf(image)).toBeUndefined();
  });

  it('names spaces and emptiness as the problem of an image with spaces or none', () => {
    for (const image of ['', ' contoso.azurecr.io/api:1', 'contoso.azurecr.io/api:1 ', 'contoso.azurecr.io/my api:1']) {
      expect(ImageReference.problemOf(image)).toMatch(/no spaces and is not empty/);
    }
  });

  it('names upper-case letters in a repository without a registry host (Docker Hub names are lower-case)', () => {
    expect(ImageReference.problemOf('Orders/api:1')).toMatch(/"Orders" has upper-case letters/);
    expect(ImageReference.problemOf('Orders.Api:1')).toMatch(/"Orders\.Api" has upper-case letters/);
  });

  it('names a malformed registry host and a malformed repository part', () => {
    expect(ImageReference.problemOf('contoso..azurecr.io/api:1')).toMatch(/registry host "contoso\.\.azurecr\.io" is not a host name/);
    expect(ImageReference.problemOf('contoso.azurecr.io/api_:1')).toMatch(/repository part "api_" is not lower-case letters and digits separated/);
  });

  it('fails when the image has a malformed registry host', () => {
    expect(refusalOf(() => service({ image: 'contoso..azurecr.io/api:1' }))).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'image' });
  });
});

describe('Container Apps sizes and scale', () => {
  it.each<[number, string]>([[0.25, '0.5Gi'], [4, '8Gi']])('takes %s vCPU with %s', (cpu, memory) => {
    const { stack } = service({ cpu, memory });
    expect(resourceOf(synth(stack), 'azurerm_container_app').template).toMatchObject({ container: [expect.objectContaining({ cpu, memory })] });
  });

  it.each<[number, string]>([[0, '0Gi'], [4.25, '8.5Gi']])('fails when cpu is %s (with %s)', (cpu, memory) => {
    expect(refusalOf(() => service({ cpu, memory }))).toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: 'cpu/memory' });
  });

  it('takes 50 concurrent requests on apps that hold connections without a SCALE-1 warning, and warns at 51', () => {
    const at = (concurrentRequests: number) => {
      const stack = testStack();
      new DualIngressContainerApp(stack, 'app', { name: 'ca-demo', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp', concurrentRequests });
      return warningsOf(stack).filter((w) => w.startsWith('[SCALE-1]'));
    };
    expect(at(50)).toEqual([]);
    expect(at(51)).toEqual([expect.stringMatching(/^\[SCALE-1\] test\/app: concurrentRequests = 51: /)]);
  });

  it('says which timeout the service sets on the request path', () => {
    expect(service().svc.timeoutLayer).toEqual({ layer: 'Container Apps ingress request timeout', timeoutSeconds: 240, constructPath: 'test/svc' });
  });
});

describe('environment variable names and the app identity', () => {
  it.each(['MY VAR', 'A/B', 'X=1'])('fails when an environment variable is named %j', (name) => {
    expect(refusalOf(() => service({ environmentVariables: { [name]: '1' } })))
      .toMatchObject({ lesson: 'AZURE', path: 'test/svc', setting: `environmentVariables.${name}` });
  });

  it('names the app identity id-<name>, in the environment\'s resource group and region', () => {
    const { stack } = service();
    expect(resourceOf(synth(stack), 'azurerm_user_assigned_identity')).toEqual({ name: 'id-ca-limiter', resource_group_name: 'rg-test', location: 'westeurope' });
  });
});

describe('checkInProcessLimits edges', () => {
  const check = (limits: InProcessLimit[], maxReplicas: number) => checkInProcessLimits(new Construct(testStack(), 'app'), limits, maxReplicas);

  it('sums up a limit on one replica in the singular', () => {
    expect(check([{ name: 'per-client', kind: InProcessLimitKind.FIXED_WINDOW, permitLimit: 30, windowSeconds: 60 }], 1)[0].summary)
      .toBe('per-client: fixed-window 30 per 60 s, in-process on up to 1 replica: up to 30 per 60 s');
  });

  it('fails when a limit has no name (a caller in another language left it out)', () => {
    expect(refusalOf(() => check([{ kind: InProcessLimitKind.CONCURRENCY, permitLimit: 5 } as unknown as InProcessLimit], 1)))
      .toMatchObject({ lesson: 'SCALE-3', path: 'test/app', setting: 'inProcessLimits[0].name' });
  });
});

describe('ContainerAppsEnvironment options', () => {
  const environment = (props: { zoneRedundant?: boolean; infrastructureSubnetId?: string } = {}) => {
    const stack = testStack();
    new ContainerAppsEnvironment(stack, 'cae', { name: 'cae-test', resourceGroupName: 'rg', location: 'westeurope', logAnalyticsWorkspaceId: WORKSPACE_ID, ...props });
    return synth(stack);
  };

  it('runs zone-redundant in the given subnet when asked', () => {
    expect(resourceOf(environment({ zoneRedundant: true, infrastructureSubnetId: '/subnets/cae' }), 'azurerm_container_app_environment'))
      .toMatchObject({ zone_redundancy_enabled: true, infrastructure_subnet_id: '/subnets/cae' });
    const plain = resourceOf(environment(), 'azurerm_container_app_environment');
    expect(plain).not.toHaveProperty('zone_redundancy_enabled');
    expect(plain).not.toHaveProperty('infrastructure_subnet_id');
  });

  it('sends console and system logs to dedicated tables', () => {
    expect(resourceOf(environment(), 'azurerm_monitor_diagnostic_setting')).toMatchObject({
      log_analytics_destination_type: 'Dedicated', enabled_log: [{ category: 'ContainerAppConsoleLogs' }, { category: 'ContainerAppSystemLogs' }],
    });
  });
});

describe('ContainerRegistry.fromExisting names', () => {
  it.each(['contoso-shared', 'crshared!'])('fails when the registry name is %j', (name) => {
    expect(refusalOf(() => ContainerRegistry.fromExisting(testStack(), 'registry', { name, resourceGroupName: 'rg' })))
      .toMatchObject({ lesson: 'AZURE', path: 'test/registry', setting: 'name' });
  });
});


import { describe, expect, it } from 'vitest';
import { App, Fn, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { AzurermProvider } from '@cdktf/provider-azurerm/lib/provider';
import { Construct } from 'constructs';
import { DualIngressContainerApp } from '../../constructs/container-apps/dual-ingress-container-app';
import { checkHostName, checkName, composeName, alnumHyphenName } from '../../constructs/core/naming';
import { ENVIRONMENT, gateway } from '../support/fixtures';
import { refusalOf } from '../support/refusal';
import { resourceOf, synth, testStack } from '../support/synth';
import { API_MANAGEMENT_SERVICE } from '../../constructs/api-management/api-management-service';
import { CONTAINER_APPS_SERVICE } from '../../constructs/container-apps/container-apps-service';
import { MANAGED_REDIS_SERVICE } from '../../constructs/redis/managed-redis-service';

/** A stack with the azurerm provider inside the given app. */
function stackIn(app: ReturnType<typeof Testing.app>, id: string): TerraformStack {
  const stack = new TerraformStack(app, id);
  new AzurermProvider(stack, 'azurerm', { features: [{}] });
  return stack;
}

describe('composeName', () => {
  it('lower-cases and joins abbreviation, prefix and parts with hyphens', () => {
    expect(composeName('rg', 'RTP-dev', 'realtime')).toBe('rg-rtp-dev-realtime');
  });

  it('drops empty and undefined parts', () => {
    expect(composeName('ca', 'RTP-dev', '', undefined, 'api')).toBe('ca-rtp-dev-api');
    expect(composeName('apim', 'rtp-dev')).toBe('apim-rtp-dev');
  });
});

describe('checkName', () => {
  it('returns a valid name unchanged', () => {
    const scope = new Construct(testStack(), 'x');
    expect(checkName(scope, 'name', 'ca-demo', CONTAINER_APPS_SERVICE.names.app)).toBe('ca-demo');
  });

  it('accepts a token name untouched and synthesizes the reference', () => {
    const stack = testStack();
    const name = new TerraformVariable(stack, 'apim_name', { type: 'string' }).stringValue;
    // A token is far from the API Management shape ("${TfToken[...]}"), so only the token check lets it through.
    expect(checkName(new Construct(stack, 'x'), 'name', name, API_MANAGEMENT_SERVICE.names.resource)).toBe(name);
    gateway(stack, name);
    expect(resourceOf(synth(stack), 'azurerm_api_management').name).toBe('${var.apim_name}');
  });

  it('fails when a name given as a variable default or Fn.lower of a literal is one Azure rejects, and returns the token otherwise', () => {
    const stack = testStack();
    const name = new TerraformVariable(stack, 'app_name', { type: 'string', default: 'ca--demo' }).stringValue;
    expect(() => checkName(new Construct(stack, 'x'), 'name', name, CONTAINER_APPS_SERVICE.names.app)).toThrow(/^\[AZURE\] test\/x: name = "ca--demo": Azure rejects this container app name/);
    expect(() => checkName(new Construct(testStack(), 'y'), 'name', Fn.lower('CA_DEMO'), CONTAINER_APPS_SERVICE.names.app)).toThrow(/name = "ca_demo": Azure rejects/);
    const good = Fn.lower('CA-DEMO');
    expect(checkName(new Construct(testStack(), 'z'), 'name', good, CONTAINER_APPS_SERVICE.names.app)).toBe(good);
  });

  it('fails when a container app name contains "--"', () => {
    const scope = new Construct(testStack(), 'x');
    expect(() => checkName(scope, 'name', 'ca--demo', CONTAINER_APPS_SERVICE.names.app)).toThrow(
      /^\[AZURE\] test\/x: name = "ca--demo": Azure rejects this container app name \(8 characters\)\. Fix: use 2-32 characters: lower-case letters, digits and single hyphens/);
  });

  it('fails when a container app built by DualIngressContainerApp gets a "--" name', () => {
    expect(() => new DualIngressContainerApp(testStack(), 'app', { name: 'ca--demo', environment: ENVIRONMENT, image: 'mcr.microsoft.com/dotnet/samples:aspnetapp' }))
      .toThrow(/^\[AZURE\] test\/app: name = "ca--demo-http": Azure rejects this container app name/);
  });
});

describe('globally unique names', () => {
  it('fails when two stacks of the same App claim the same API Management name', () => {
    const app = Testing.app();
    gateway(stackIn(app, 'dev'), 'apim-shared');
    expect(() => gateway(stackIn(app, 'prod'), 'apim-shared')).toThrow(
      /^\[AZURE\] prod\/gateway: name = "apim-shared": API Management service names are unique across Azure, and dev\/gateway in this app already uses it, so only one of them can deploy\. Fix: give each stack its own name, e.g. through a name prefix per environment\./);
  });

  it('fails when the two names differ only in case (Azure host names are case-insensitive)', () => {
    const app = Testing.app();
    gateway(stackIn(app, 'dev'), 'apim-shared');
    expect(() => gateway(stackIn(app, 'prod'), 'APIM-Shared')).toThrow(/^\[AZURE\] prod\/gateway: name = "APIM-Shared": .* dev\/gateway in this app already uses it/);
  });

  it('accepts the same name in two different Apps', () => {
    gateway(stackIn(Testing.app(), 'dev'), 'apim-shared');
    expect(() => gateway(stackIn(Testing.app(), 'dev'), 'apim-shared')).not.toThrow();
  });

  it('accepts different names in two stacks of one App', () => {
    const app = Testing.app();
    gateway(stackIn(app, 'dev'), 'apim-rtp-dev');
    expect(() => gateway(stackIn(app, 'prod'), 'apim-rtp-prod')).not.toThrow();
  });

  it('does not claim names of types that are not globally unique', () => {
    const app = Testing.app();
    checkName(new Construct(stackIn(app, 'dev'), 'x'), 'name', 'ca-demo', CONTAINER_APPS_SERVICE.names.app);
    expect(() => checkName(new Construct(stackIn(app, 'prod'), 'x'), 'name', 'ca-demo', CONTAINER_APPS_SERVICE.names.app)).not.toThrow();
  });

  it('keeps one namespace per resource kind: an API Management service and a Managed Redis may share a name', () => {
    const app: App = Testing.app();
    const a = new TerraformStack(app, 'a');
    const b = new TerraformStack(app, 'b');
    expect(checkName(a, 'name', 'orders', API_MANAGEMENT_SERVICE.names.resource)).toBe('orders');
    expect(checkName(b, 'name', 'orders', MANAGED_REDIS_SERVICE.names.resource)).toBe('orders');
    expect(refusalOf(() => checkName(b, 'name', 'orders', API_MANAGEMENT_SERVICE.names.resource))).toMatchObject({ lesson: 'AZURE', path: 'b', setting: 'name' });
  });
});

describe('checkHostName', () => {
  const scope = () => new Construct(testStack(), 'x');

  it('returns a DNS host name unchanged', () => {
    for (const host of ['apim-x.azure-api.net', 'localhost', 'ca-demo-http.nicefield-1234.westeurope.azurecontainerapps.io', 'A1.example.COM']) {
      expect(checkHostName(scope(), 'originHostName', host)).toBe(host);
    }
  });

  it('accepts a Terraform reference untouched', () => {
    const stack = testStack();
    const host = new TerraformVariable(stack, 'host', { type: 'string' }).stringValue;
    expect(checkHostName(new Construct(stack, 'x'), 'originHostName', host)).toBe(host);
  });

  it('fails when a variable default or a function of literals is a URL (the literal Terraform gets is judged)', () => {
    const stack = testStack();
    const host = new TerraformVariable(stack, 'origin', { type: 'string', default: 'https://apim-x.azure-api.net' }).stringValue;
    expect(refusalOf(() => checkHostName(new Construct(stack, 'x'), 'originHostName', host)).message).toMatch(/^\[AZURE\] test\/x: originHostName = "https:\/\/apim-x\.azure-api\.net": this is a URL/);
    expect(refusalOf(() => checkHostName(scope(), 'originHostName', Fn.join('', ['https://', 'apim-x.azure-api.net'])))).toMatchObject({ setting: 'originHostName' });
  });

  it('fails when the host is a URL, and names the host to give instead', () => {
    expect(refusalOf(() => checkHostName(scope(), 'originHostName', 'https://apim-x.azure-api.net/gateway'))).toEqual({
      message: '[AZURE] test/x: originHostName = "https://apim-x.azure-api.net/gateway": this is a URL, and a host name has no scheme, path or port. Fix: give the host only, e.g. "apim-x.azure-api.net".',
      lesson: 'AZURE', path: 'test/x', setting: 'originHostName',
    });
  });

  it('fails when the host has an upper-case scheme or a port in a URL', () => {
    expect(refusalOf(() => checkHostName(scope(), 'host', 'HTTP://apim-x.azure-api.net:8443/')).message).toMatch(
      /^\[AZURE\] test\/x: host = "HTTP:\/\/apim-x\.azure-api\.net:8443\/": this is a URL, .* Fix: give the host only, e\.g\. "apim-x\.azure-api\.net"\.$/);
  });

  it('fails when the host is not a DNS name (underscore, empty, leading hyphen, label over 63 characters, trailing dot)', () => {
    for (const host of ['apim_x.azure-api.net', '', '-apim.azure-api.net', `${'a'.repeat(64)}.azure-api.net`, 'apim-x.azure-api.net.', 'apim x.net']) {
      const r = refusalOf(() => checkHostName(scope(), 'originHostName', host));
      expect(r).toEqual({
        message: `[AZURE] test/x: originHostName = ${JSON.stringify(host)}: this is not a DNS host name. Fix: give a host name such as apim-x.azure-api.net.`,
        lesson: 'AZURE', path: 'test/x', setting: 'originHostName',
      });
    }
  });

  it('fails when the host is longer than 253 characters', () => {
    const host = Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.');
    expect(host.length).toBe(304);
    expect(refusalOf(() => checkHostName(scope(), 'originHostName', host)).message).toMatch(/: this is not a DNS host name\./);
  });
});

describe('alnumHyphenName (the common Azure name rule)', () => {
  it('takes letters, digits and inner hyphens within its length, and says so', () => {
    const rule = alnumHyphenName('test resource', 2, 5);
    expect(['a1', 'a-b-c', 'AB-12'].filter((n) => rule.pattern.test(n))).toEqual(['a1', 'a-b-c', 'AB-12']);
    expect(['-ab', 'ab-', 'a_b', 'a.b'].filter((n) => rule.pattern.test(n))).toEqual([]);
    expect(rule).toMatchObject({ kind: 'test resource', min: 2, max: 5, shape: 'letters, digits and hyphens, starting and ending with a letter or digit' });
  });
});

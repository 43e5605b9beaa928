import { Construct } from 'constructs';
import { ApiManagementApi } from '@cdktf/provider-azurerm/lib/api-management-api';
import { ApiManagementApiOperation } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { ApiManagementApiPolicy } from '@cdktf/provider-azurerm/lib/api-management-api-policy';
import { addressOf } from '../core/dependencies';
import { refuse, warn, within } from '../core/validation';
import { declareWebhookEndpoint } from '../core/webhook-endpoints';
import { EVENT_GRID_APPLICATION_ID } from '../event-grid/webhook-registration';
import { WebhookDestination, WebhookEntraAuth, WebhookReceiver } from '../event-grid/event-subscription';
import { SECURE_WEBHOOK_ROLE } from '../event-grid/webhook-registration';
import { PolicyDocument } from '../policy/policy-document';
import { PolicyStatement } from '../policy/policy-statement';
import { ExistsAction } from '../policy/statements';
import { GatewayApiProps, checkBackendUrl, claimApiPolicy, createGatewayApi, frontDoorGuard, declareApiPath } from './gateway-api';
import { templateParameterBlocks } from './url-template';

/** The origin Event Grid names in the CloudEvents handshake. */
export const EVENT_GRID_ORIGIN = 'eventgrid.azure.net';
/** The app role Event Grid's deliveries carry when the webhook is protected with Entra ID. */
export const EVENT_GRID_WEBHOOK_ROLE = SECURE_WEBHOOK_ROLE;

export interface WebhookApiProps extends GatewayApiProps {
  /** HTTPS base URL of the service that processes the events (e.g. `https://<app fqdn>`). */
  readonly backendUrl: string;
  /** Routes below the API path that take events, e.g. `/events`; each gets OPTIONS and POST. */
  readonly routes: string[];
  /**
   * Require Event Grid's Entra ID token on deliveries: the app registration the subscription
   * asks tokens for, with the `AzureEventGridSecureWebhookSubscriber` role assigned to Event
   * Grid's service principal (`WebhookRegistration.entraAuth` creates both with the stack).
   * @default - no token check: the gateway's only checks are the route and the content type (warned)
   */
  readonly entraAuth?: WebhookEntraAuth;
}

/**
 * The gateway side of Event Grid webhooks (HOOK-1): the CloudEvents handshake (`OPTIONS` with
 * `WebHook-Request-Origin: eventgrid.azure.net`) is answered by the gateway itself with
 * `WebHook-Allowed-Origin`, so creating a subscription depends neither on the receiver's code
 * being deployed nor on it being warm; deliveries (`POST`, CloudEvents content types only,
 * optionally with Event Grid's Entra ID token) are forwarded to the receiver. Deliveries are at
 * least once and unordered (HOOK-2); the receiver answers 400 to a body it cannot parse, which
 * Event Grid does not retry (HOOK-3).
 */
export class WebhookApi extends Construct {
  public readonly api: ApiManagementApi;
  public readonly apiName: string;
  public readonly policy: ApiManagementApiPolicy;
  /** The OPTIONS and POST operations of every route (the policy, and so the subscription, waits for them). */
  public readonly operations: ApiManagementApiOperation[] = [];
  private readonly baseUrl: string;
  private readonly entraAuth?: WebhookEntraAuth;
  private readonly routes: Set<string>;

  constructor(scope: Construct, id: string, props: WebhookApiProps) {
    super(scope, id);
    checkBackendUrl(this, props.backendUrl, 'https', 'HOOK-1', 'events would cross the network in clear text.', 'use the receiver\'s https:// URL.');
    if (props.routes.length === 0) {
      refuse(this, {
        lesson: 'AZURE', setting: 'routes', given: [],
        problem: 'an API without routes answers 404 to the handshake, and the subscription fails.', fix: 'give the receiver\'s route, e.g. \'/events\'.',
      });
    }
    for (const route of props.routes) {
      if (!/^\/[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/.test(route)) {
        refuse(this, {
          lesson: 'AZURE', setting: 'routes', given: route,
          problem: 'a route is a path below the API, starting with a slash, without parameters.', fix: 'use e.g. \'/events\'.',
        });
      }
    }
    const keys = new Map<string, string>();
    for (const route of props.routes) {
      const key = route.replace(/[^A-Za-z0-9]+/g, '-');
      const twin = keys.get(key);
      if (twin !== undefined) {
        refuse(this, {
          lesson: 'AZURE', setting: 'routes', given: route,
          problem: twin === route ? 'the route is listed twice.' : `it gives the same operation id as ${twin} (both become "${key}").`,
          fix: 'list each route once, with names that differ in letters or digits.',
        });
      }
      keys.set(key, route);
    }
    const inbound = within(this, 'frontDoorId', () => frontDoorGuard(this, props));
    this.api = createGatewayApi(this, props, { protocols: ['https'], serviceUrl: props.backendUrl, subscriptionRequired: false });
    this.apiName = this.api.name;
    this.routes = new Set(props.routes);
    for (const route of props.routes) {
      for (const method of ['OPTIONS', 'POST']) {
        const key = `${method.toLowerCase()}${route.replace(/[^A-Za-z0-9]+/g, '-')}`;
        this.operations.push(new ApiManagementApiOperation(this, `operation-${key}`, {
          operationId: key,
          apiName: this.api.name,
          apiManagementName: props.gateway.serviceName,
          resourceGroupName: props.gateway.resourceGroupName,
          displayName: method === 'OPTIONS' ? `CloudEvents handshake ${route}` : `Deliveries ${route}`,
          method,
          urlTemplate: route,
          templateParameter: templateParameterBlocks(this, 'routes', route, undefined),
        }));
      }
    }
    this.entraAuth = props.entraAuth;
    if (!props.entraAuth) {
      warn(this, {
        // The rule's own id: in production ACCESS.ApiCallerCheck finds the same open API, reported once, as this warning.
        id: 'ACCESS.ApiCallerCheck', ruleSettings: ['subscription_required'], lesson: 'ACCESS', setting: 'entraAuth', given: undefined,
        problem: 'the webhook API takes deliveries from anyone who learns its URL: the gateway checks the route and the content type, not who sends.',
        fix: 'give entraAuth: new WebhookRegistration(...).entraAuth (the stack creates the registration Event Grid asks tokens for), or treat every event as untrusted input.',
      });
    }
    const handshake = PolicyStatement.choose([{
      condition: '@(context.Request.Method == "OPTIONS")',
      statements: [PolicyStatement.choose([{
        condition: `@(context.Request.Headers.GetValueOrDefault("WebHook-Request-Origin", "") == "${EVENT_GRID_ORIGIN}")`,
        statements: [PolicyStatement.returnResponse({
          statusCode: 200, reason: 'OK', headers: { 'WebHook-Allowed-Origin': EVENT_GRID_ORIGIN, 'WebHook-Allowed-Rate': '*', Allow: 'POST' },
        })],
      }], [PolicyStatement.returnResponse({ statusCode: 403, reason: 'Forbidden' })])],
    }]);
    const contentType = PolicyStatement.choose([{
      condition: '@(!context.Request.Headers.GetValueOrDefault("Content-Type", "").StartsWith("application/cloudevents"))',
      statements: [PolicyStatement.returnResponse({
        statusCode: 415, reason: 'Unsupported Media Type', headers: { 'Content-Type': 'application/problem+json' },
        body: JSON.stringify({ type: 'about:blank', title: 'CloudEvents only', status: 415, detail: 'Send application/cloudevents+json or application/cloudevents-batch+json.' }),
      })],
    }]);
    const entraAuth = props.entraAuth;
    const token = entraAuth ? [
      within(this, 'entraAuth', () => PolicyStatement.validateEntraCaller({
        // Event Grid's own application only: the deploying identity holds the role too (Event Grid checks the subscription's writer).
        tenantId: entraAuth.tenantId, audience: entraAuth.applicationIdOrUri, requiredRoles: [EVENT_GRID_WEBHOOK_ROLE], clientApplicationIds: [EVENT_GRID_APPLICATION_ID],
      })),
      // The receiver trusts the gateway; the token stays here.
      PolicyStatement.setHeader('Authorization', ExistsAction.DELETE),
    ] : [];
    claimApiPolicy(this, props.gateway, this.api.name);
    this.policy = new ApiManagementApiPolicy(this, 'policy', {
      apiName: this.api.name,
      apiManagementName: props.gateway.serviceName,
      resourceGroupName: props.gateway.resourceGroupName,
      xmlContent: within(this, 'policy', () => new PolicyDocument({ inbound: [...inbound, handshake, ...token, contentType] }).toXml()),
      // The handshake meets the operations too: without them API Management answers 404.
      dependsOn: this.operations,
    });
    this.baseUrl = `https://${props.gateway.gatewayHostName}/${props.path}`;
    declareApiPath(this, props, {
      title: 'webhooks',
      callerCheck: props.entraAuth ? 'Entra ID token of Event Grid\'s app with AzureEventGridSecureWebhookSubscriber' : 'none: anyone with the URL',
      backend: props.backendUrl, lines: [`answers the CloudEvents handshake itself; routes ${props.routes.join(' ')}`],
    });
    // A subscription to one of these URLs must send the token this API checks.
    for (const route of props.routes) declareWebhookEndpoint(this, `${this.baseUrl}${route}`, props.entraAuth);
  }

  /**
   * The subscription's destination for one route: the gateway's URL, the handshake answered by
   * the gateway, Event Grid's Entra ID token when the API requires it.
   */
  public destination(route: string, receiver?: WebhookReceiver): WebhookDestination {
    if (!this.routes.has(route)) {
      refuse(this, {
        lesson: 'AZURE', setting: 'route', given: route,
        problem: 'the API has no such route: the handshake would answer 404.', fix: `use one of ${[...this.routes].join(', ')}.`,
      });
    }
    return {
      url: `${this.baseUrl}${route}`,
      handshakeAnsweredByGateway: true,
      // The gateway answers the handshake only once the API's policy exists.
      readyAfter: [addressOf(this.policy)],
      ...(this.entraAuth ? { entraAuth: this.entraAuth } : {}),
      ...(receiver ? { receiver } : {}),
    };
  }
}

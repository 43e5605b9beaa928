import { Construct } from 'constructs';
import { PathDeclaration } from '../core/path-declarations';
import { ApiManagementProductPolicy } from '@cdktf/provider-azurerm/lib/api-management-product-policy';
import { checkName } from '../core/naming';
import { groupThousands } from '../core/number-format';
import { note, refuse, requireRange, within } from '../core/validation';
import { PolicyDocument } from '../policy/policy-document';
import { PolicyStatement } from '../policy/policy-statement';
import { ApiManagementSku } from './api-gateway';
import { GatewayProduct, IGatewayApi } from './gateway-product';
import { IApiGateway } from './gateway-reference';
import { API_MANAGEMENT_SERVICE } from './api-management-service';

/** A quota over a long period (`quota`, per subscription), on top of the per-minute cap. */
export interface PartnerQuota {
  /** Calls per period, at least 1. */
  readonly calls: number;
  /** The period, in seconds: e.g. 86400 (a day) or 2592000 (30 days), at most a year. */
  readonly renewalPeriodSeconds: number;
}

/** One partner: its own product, subscription and caps (GW-8). */
export interface PartnerLimit {
  /** Partner name: the subscription is `<prefix>-<name>`. */
  readonly name: string;
  /** Calls per minute this partner may send (GW-1), at least 1. */
  readonly callsPerMinute: number;
  /** A daily or monthly quota. @default - none */
  readonly quota?: PartnerQuota;
}

export interface PartnerProductsProps {
  readonly gateway: IApiGateway;
  /** Product ids are `<prefix>-<partner>`. */
  readonly productPrefix: string;
  /** The APIs every partner gets. */
  readonly apis: IGatewayApi[];
  readonly partners: PartnerLimit[];
  /** `Retry-After` of a throttled call without one from the limiter. @default 60 */
  readonly retryAfterSeconds?: number;
}

/**
 * One product and one subscription per partner (GW-8), each with its own cap in the product's
 * policy: `rate-limit-by-key` on the subscription, answered as problem+json 429 with
 * `Retry-After` (GW-1), and an optional long-period `quota` (the per-subscription quota, which
 * every tier runs; `quota-by-key` does not run on the v2 tiers). Subscriptions are active with
 * tracing off (a trace would show the provider's key from Key Vault). Gateway counters are per
 * node (GW-3): caps protect the gateway; the provider's one budget is the paced consumer's.
 */
export class PartnerProducts extends Construct {
  /** Products by partner name. */
  public readonly products: Record<string, GatewayProduct> = {};
  /** What all partners together may send per minute. */
  public readonly totalCallsPerMinute: number;

  constructor(scope: Construct, id: string, props: PartnerProductsProps) {
    super(scope, id);
    if (props.partners.length === 0) {
      refuse(this, {
        lesson: 'GW-8', setting: 'partners', given: [],
        problem: 'without partners nobody can call the API: every call needs a partner\'s subscription.', fix: 'list the partners with their caps.',
      });
    }
    if (ApiManagementSku.isConsumption(props.gateway.skuName)) {
      refuse(this, {
        lesson: 'GW-1', setting: 'gateway.skuName', given: props.gateway.skuName,
        problem: 'the Consumption tier has no rate-limit-by-key, so per-partner caps cannot be enforced.', fix: 'use a v2 tier (BasicV2, StandardV2).',
      });
    }
    const seen = new Set<string>();
    let total = 0;
    props.partners.forEach((partner, i) => {
      const at = `partners[${i}]`;
      const productId = checkName(this, `${at}.name`, `${props.productPrefix}-${partner.name}`, API_MANAGEMENT_SERVICE.names.product);
      if (seen.has(partner.name.toLowerCase())) {
        refuse(this, {
          lesson: 'GW-8', setting: `${at}.name`, given: partner.name,
          problem: 'this partner is listed twice: two subscriptions would split its cap in two.', fix: 'list each partner once (names are case-insensitive).',
        });
      }
      seen.add(partner.name.toLowerCase());
      requireRange(this, partner.callsPerMinute, {
        min: 1, max: 1_000_000, setting: `${at}.callsPerMinute`, lesson: 'GW-1',
        problem: 'a cap of 0 refuses every call of the partner with 429.', fix: 'give the calls per minute agreed with the partner, e.g. 100.',
      });
      if (partner.quota) {
        requireRange(this, partner.quota.calls, {
          min: 1, max: 2_000_000_000, setting: `${at}.quota.calls`, lesson: 'GW-1', problem: 'a quota of 0 refuses every call with 403.', fix: 'give the calls per period, e.g. 100000.',
        });
        requireRange(this, partner.quota.renewalPeriodSeconds, {
          min: 3600, max: 31_536_000, setting: `${at}.quota.renewalPeriodSeconds`, lesson: 'GW-1',
          problem: 'a quota is for long periods: an hour to a year (the per-minute cap is rate-limit-by-key).', fix: 'use 86400 for a day or 2592000 for 30 days.',
        });
      }
      total += partner.callsPerMinute;
      const product = new GatewayProduct(this, partner.name, {
        gateway: props.gateway,
        productId,
        displayName: `${props.productPrefix} ${partner.name}`,
        description: `Partner ${partner.name}: ${partner.callsPerMinute} calls per minute${partner.quota ? `, ${partner.quota.calls} per ${partner.quota.renewalPeriodSeconds} s` : ''}.`,
        apis: props.apis,
        // The partner's one subscription is created here. The product has no developer group, so
        // the portal does not offer it; should someone add one, a request still waits for an
        // administrator, and no user holds more than one (a second would double the cap).
        approvalRequired: true,
        subscriptionsLimit: 1,
      });
      // One subscription, named like the product: `<prefix>-<partner>`.
      product.addSubscription(partner.name, productId);
      this.products[partner.name] = product;
      const limits = within(this, `${at}`, () => [
        PolicyStatement.rateLimitByKey({ calls: partner.callsPerMinute, renewalPeriodSeconds: 60 }),
        ...(partner.quota ? [PolicyStatement.quota({ calls: partner.quota.calls, renewalPeriodSeconds: partner.quota.renewalPeriodSeconds })] : []),
      ]);
      new ApiManagementProductPolicy(product, 'policy', {
        productId: product.product.productId,
        apiManagementName: props.gateway.serviceName,
        resourceGroupName: props.gateway.resourceGroupName,
        xmlContent: within(this, 'policy', () => new PolicyDocument({
          inbound: limits,
          onError: [PolicyStatement.throttledAsProblemJson({ retryAfterSeconds: props.retryAfterSeconds ?? 60 })],
        }).toXml()),
      });
    });
    this.totalCallsPerMinute = total;
    const caps = [...new Set(props.partners.map((p) => p.callsPerMinute))].sort((a, b) => a - b);
    for (const api of props.apis) {
      PathDeclaration.facts(this, {
        target: api.apiName,
        callerChecks: [`one subscription per partner (${props.partners.length})`],
        limiterKeys: [`${caps.join(' to ')} calls per minute per partner subscription${props.partners.some((p) => p.quota) ? ', plus a quota' : ''} (GW-8)`],
      });
    }
    note(this, {
      id: 'LIM-5.PartnerTotal', lesson: 'LIM-5',
      text: `${props.partners.length} partner(s) may send ${groupThousands(total)} calls per minute together; `
      + 'gateway counters are per node (GW-3), so each cap is approximate, and none of them is the provider\'s budget.',
    });
  }
}

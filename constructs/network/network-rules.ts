import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { PrivateEndpointDnsZoneRule } from './rules/private-endpoint-dns-zone';

/** The private network rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const NETWORK_RULES: ServiceRule[] = [
  { create: (services) => PrivateEndpointDnsZoneRule._of(services), level: RuleLevel.ERROR },
];

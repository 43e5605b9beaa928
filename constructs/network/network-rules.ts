import { RuleLevel } from '../lessons-check/pack';
import { ServiceRules } from '../lessons-check/service-rules';
import { PrivateEndpointDnsZoneRule } from './rules/private-endpoint-dns-zone';

// The private network's rules of the platform lessons pack (loaded by the generated service index).
ServiceRules.register(() => new PrivateEndpointDnsZoneRule(), RuleLevel.ERROR);

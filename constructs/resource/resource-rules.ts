import { RuleLevel } from '../lessons-check/pack';
import { ServiceRules } from '../lessons-check/service-rules';
import { RestrictedResourceLocationRule } from './rules/restricted-resource-location';

// The rules of the pack about any Azure resource (loaded by the generated service index).
ServiceRules.register(() => new RestrictedResourceLocationRule(), RuleLevel.WARNING);

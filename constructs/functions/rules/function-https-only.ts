import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blockOf } from '../../lessons-check/rules/attributes';
import { FUNCTION_APP_TYPES, isFunctionApp } from './function-app-attributes';

/** SEC-1: a function app that answers plain HTTP (azurerm's default): tokens and data in clear text. */
export class FunctionHttpsOnlyRule implements ILessonRule {
  public readonly id = 'SEC-1.FunctionHttpsOnly';
  public readonly lesson = 'SEC-1';
  public readonly description = 'A function app that accepts plain HTTP.';
  public readonly resourceTypes = FUNCTION_APP_TYPES;

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    if (!isFunctionApp(resource)) return RuleOutcome.notApplicable();
    const httpsOnly = resource.type === 'azapi_resource'
      ? blockOf(blockOf(resource.attributes.body)?.properties)?.httpsOnly
      : resource.attributes.https_only;
    if (httpsOnly === true || httpsOnly === 'true') return RuleOutcome.compliant();
    return RuleOutcome.nonCompliant({
      setting: resource.type === 'azapi_resource' ? 'body.properties.httpsOnly' : 'https_only', given: httpsOnly,
      problem: 'the app answers plain HTTP (the default when unset), so bearer tokens and data cross the network in clear text.',
      fix: 'set https_only = true (FlexFunctionApp does).',
    });
  }
}

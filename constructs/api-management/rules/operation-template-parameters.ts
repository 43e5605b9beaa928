import { urlTemplateParameterNames } from '../../core/url-template';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../lessons-check/rule';
import { blocksOf } from '../../lessons-check/rules/attributes';

/**
 * AZURE: an API Management operation whose URL template and `template_parameter` blocks disagree.
 * azurerm's plan refuses it (its CustomizeDiff): every `{name}` in the template must be declared,
 * and every declared parameter used, with the same spelling. A template given as a reference is
 * left to Terraform.
 */
export class OperationTemplateParametersRule implements ILessonRule {
  public readonly id = 'AZURE.OperationTemplateParameters';
  public readonly lesson = 'AZURE';
  public readonly description = 'An API Management operation whose URL template uses a parameter it does not declare, or declares one it does not use (azurerm refuses it at plan).';
  public readonly resourceTypes = ['azurerm_api_management_api_operation'];

  public evaluate(resource: RuleResource, _context: IRuleContext): RuleOutcome {
    const template = resource.attributes.url_template;
    if (typeof template !== 'string' || template.includes('${')) return RuleOutcome.notApplicable();
    const used = urlTemplateParameterNames(template);
    const declared = blocksOf(resource.attributes.template_parameter).map((p) => p.name).filter((n): n is string => typeof n === 'string');
    const missing = used.filter((n) => !declared.includes(n));
    const unused = declared.filter((n) => !used.includes(n));
    return RuleOutcome.nonCompliant(
      ...missing.map((name) => ({
        setting: 'url_template', given: template,
        problem: `{${name}} is not declared in template_parameter, and azurerm's plan refuses an operation whose URL template uses a parameter it does not declare.`,
        fix: `add template_parameter { name = "${name}", type = "string", required = true } (the type the backend expects).`,
      })),
      ...unused.map((name) => ({
        setting: 'template_parameter', given: name,
        problem: `the URL template ${template} does not use {${name}}, and azurerm's plan refuses a declared parameter the template does not use.`,
        fix: `remove it, or use {${name}} in url_template with the same spelling.`,
      })),
    );
  }
}

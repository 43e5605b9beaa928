import { Token } from 'cdktf';
import { IConstruct } from 'constructs';
import { ApiManagementApiOperationTemplateParameter } from '@cdktf/provider-azurerm/lib/api-management-api-operation';
import { urlTemplateParameterNames } from '../core/url-template';
import { refuse } from '../core/validation';

/** The type API Management documents a URL template parameter with (the developer portal and the OpenAPI export show it). */
export enum TemplateParameterType {
  STRING = 'string',
  NUMBER = 'number',
  INTEGER = 'integer',
  BOOLEAN = 'boolean',
}

/** One parameter of an operation's URL template, e.g. `id` in `/orders/{id}`. */
export interface TemplateParameter {
  /** The name between the braces (case-sensitive): `id` for `{id}`, `path` for `{*path}`. */
  readonly name: string;
  /** @default TemplateParameterType.STRING */
  readonly type?: TemplateParameterType;
  /**
   * Whether a call must give it. A parameter in the path is always given (the operation does not
   * match without it), so only a query parameter of the template may be optional.
   * @default true
   */
  readonly required?: boolean;
  /** @default - none */
  readonly description?: string;
}

/** URL templates of API Management operations: the parameters they name, and their declarations checked. */
export class UrlTemplate {
  /**
   * The parameter names a template uses, in order: `{name}` and `{*name}` in the path and the query,
   * as azurerm reads them (`/orders/{id}?expand={expand}` names `id` and `expand`).
   */
  public static parameterNames(template: string): string[] {
    return urlTemplateParameterNames(template);
  }

  /** Whether `name` stands in the path part of `template` (before any `?`). */
  public static isPathParameter(template: string, name: string): boolean {
    const path = template.split('?')[0];
    return UrlTemplate.parameterNames(path).includes(name);
  }

  private constructor() {}
}

/**
 * The `template_parameter` blocks of an operation, checked against its URL template: azurerm's plan
 * refuses a template parameter that is not declared and a declared one the template does not use
 * (its CustomizeDiff), so a missing or stray declaration fails here at synth instead. A template given
 * as a token is left to Terraform.
 */
export function templateParameterBlocks(
  scope: IConstruct, setting: string, urlTemplate: string, declared: readonly TemplateParameter[] | undefined,
): ApiManagementApiOperationTemplateParameter[] | undefined {
  const parameters = declared ?? [];
  if (Token.isUnresolved(urlTemplate)) return blocksOf(parameters);
  const used = UrlTemplate.parameterNames(urlTemplate);
  const names = new Set<string>();
  for (const p of parameters) {
    if (names.has(p.name)) {
      refuse(scope, {
        lesson: 'AZURE', setting: `${setting}.templateParameters`, given: p.name,
        problem: 'the parameter is declared twice.', fix: 'declare each template parameter once.',
      });
    }
    names.add(p.name);
    if (!used.includes(p.name)) {
      refuse(scope, {
        lesson: 'AZURE', setting: `${setting}.templateParameters`, given: p.name,
        problem: `the URL template ${urlTemplate} does not use {${p.name}}, and azurerm refuses a declared template parameter the template does not use at plan.`,
        fix: used.length ? `declare only ${used.map((n) => `{${n}}`).join(', ')}, with the same spelling.` : 'remove the declaration.',
      });
    }
    if (p.required === false && UrlTemplate.isPathParameter(urlTemplate, p.name)) {
      refuse(scope, {
        lesson: 'AZURE', setting: `${setting}.templateParameters.${p.name}.required`, given: false,
        problem: `{${p.name}} is in the path of ${urlTemplate}: a call without it does not match the operation, so it cannot be optional.`,
        fix: 'leave required at its default (true), or move the parameter into the query part of the template.',
      });
    }
  }
  const missing = used.filter((n) => !names.has(n));
  if (missing.length > 0) {
    refuse(scope, {
      lesson: 'AZURE', setting: `${setting}.urlTemplate`, given: urlTemplate,
      problem: `${missing.map((n) => `{${n}}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not declared, and azurerm's plan refuses an operation whose URL template uses a parameter it does not declare.`,
      fix: `declare it in the operation's templateParameters, e.g. [${missing.map((n) => `{ name: '${n}', type: TemplateParameterType.STRING }`).join(', ')}] (the type the backend expects), or take it out of the template.`,
    });
  }
  return blocksOf(parameters);
}

/** The blocks, or none at all for a template without parameters (no empty list in the configuration). */
function blocksOf(parameters: readonly TemplateParameter[]): ApiManagementApiOperationTemplateParameter[] | undefined {
  return parameters.length > 0 ? parameters.map(toBlock) : undefined;
}

function toBlock(p: TemplateParameter): ApiManagementApiOperationTemplateParameter {
  return {
    name: p.name,
    type: p.type ?? TemplateParameterType.STRING,
    required: p.required ?? true,
    ...(p.description !== undefined ? { description: p.description } : {}),
  };
}

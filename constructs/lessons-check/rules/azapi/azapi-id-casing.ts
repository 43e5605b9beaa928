import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../rule';
import { blockOf } from '../attributes';

/** An id property Azure returns in another casing than azurerm writes it, and where it appears. */
interface CasingRewrite {
  /** The body property (anywhere in the body) that holds the id. */
  readonly property: string;
  /** The segment as azurerm spells it in `id`, and as Azure returns it. */
  readonly written: string;
  readonly returned: string;
  /** azurerm resource types whose `id` carries the written spelling. */
  readonly sources: readonly string[];
}

/** Known cases: Microsoft.Web returns a site's `serverFarmId` as `.../serverfarms/...` (Azure/terraform-azurerm-avm-res-web-site#281). */
const REWRITES: readonly CasingRewrite[] = [
  { property: 'serverFarmId', written: '/serverFarms/', returned: '/serverfarms/', sources: ['azurerm_service_plan', 'azurerm_app_service_plan'] },
];

function findProperty(value: unknown, property: string, path: string): { path: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => findProperty(v, property, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => [
    ...(k === property ? [{ path: `${path}.${k}`, value: v }] : []),
    ...findProperty(v, property, `${path}.${k}`),
  ]);
}

/**
 * AZURE: an `azapi_resource` body holding a resource id in the casing azurerm writes where Azure
 * returns another (a Flex site's `serverFarmId` from `azurerm_service_plan.id`). azapi compares the
 * body case-sensitively unless `ignore_casing` is set, so every plan updates the resource with a
 * full PUT and turns its outputs unknown.
 */
export class AzapiIdCasingRule implements ILessonRule {
  public readonly id = 'AZURE.AzapiIdCasing';
  public readonly lesson = 'AZURE';
  public readonly description = 'An azapi_resource body with an id in a casing Azure rewrites (serverFarms): azapi plans an update on every run.';
  public readonly resourceTypes = ['azapi_resource'];

  public evaluate(resource: RuleResource, context: IRuleContext): RuleOutcome {
    if (resource.attributes.ignore_casing === true) return RuleOutcome.notApplicable();
    const body = blockOf(resource.attributes.body) ?? resource.attributes.body;
    const findings = REWRITES.flatMap((rewrite) => findProperty(body, rewrite.property, 'body').filter(({ value }) => {
      if (typeof value !== 'string') return false;
      // Literal text (outside `${...}` expressions, where replace() or lower() may fix the casing).
      if (value.replace(/\$\{[^}]*\}/g, '').includes(rewrite.written)) return true;
      // A bare reference to a plan's id (`${azurerm_service_plan.x.id}`), not one rewritten by replace() or lower().
      const bare = /^\$\{([a-z0-9_]+)\.[^.}]+\.id\}$/.exec(value);
      return bare !== null && rewrite.sources.includes(bare[1]) && context.referencedBy(value).some((r) => rewrite.sources.includes(r.type));
    }).map(({ path, value }) => ({
      setting: path, given: value,
      problem: `Azure returns this id with ${rewrite.returned} and azapi compares the body case-sensitively, so every plan updates the resource (a full PUT) and turns its outputs unknown.`,
      fix: `write it as Azure returns it, e.g. replace(<plan>.id, "${rewrite.written}", "${rewrite.returned}") (FlexFunctionApp does), or set ignore_casing = true on the resource.`,
    })));
    return findings.length ? RuleOutcome.nonCompliant(...findings) : RuleOutcome.compliant();
  }
}

/**
 * The parameter names an API Management URL template uses, in order: `{name}` and `{*name}` in the
 * path and the query, as azurerm's plan reads them (`/orders/{id}?expand={expand}` names `id` and
 * `expand`). Shared by the operation constructs and the lessons rule for raw operations.
 */
export function urlTemplateParameterNames(template: string): string[] {
  return [...template.matchAll(/\{\*?([^{}]+)\}/g)].map((m) => m[1]);
}

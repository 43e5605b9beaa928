import { TerraformVariables } from '../core/terraform-expression';
import { IRuleContext, RuleResource } from './rule';

/**
 * A reference as rules see one: `${azurerm_x.y.attr}`, or `${module.a.azurerm_x.y.attr}` for a
 * resource inside a module (the `azure-lessons` command qualifies references that way). An index
 * (`azurerm_x.y[0].attr`) refers to the resource, whichever instance.
 */
const REFERENCE = /\$\{((?:module\.[A-Za-z0-9_-]+\.)*[a-z][a-z0-9_]*)\.([A-Za-z0-9_-]+)/g;

/** The address of a resource without instance keys: `module.a["k"].azurerm_x.y[0]` -> `module.a.azurerm_x.y`. */
export function baseAddress(address: string): string {
  return address.replace(/\[[^\]]*\]/g, '');
}

/** Every resource of a run, found by type and by the references other resources hold. */
export class RuleContext implements IRuleContext {
  private readonly byAddress = new Map<string, RuleResource[]>();
  /** The resources of each type, in the order of `resources`: rules ask for a type once per resource they judge. */
  private readonly byType = new Map<string, RuleResource[]>();

  /**
   * @param variables the run's Terraform variables (default, sensitive), by name: what a value
   * check evaluates `${var.x}` with (`variablesOf`)
   */
  constructor(public readonly resources: RuleResource[], public readonly production: boolean, public readonly variables: TerraformVariables = new Map()) {
    for (const r of resources) {
      const key = baseAddress(r.address);
      const sameAddress = this.byAddress.get(key);
      if (sameAddress) sameAddress.push(r);
      else this.byAddress.set(key, [r]);
      const sameType = this.byType.get(r.type);
      if (sameType) sameType.push(r);
      else this.byType.set(r.type, [r]);
    }
  }

  public resourcesOfType(type: string): RuleResource[] {
    // A copy: the caller may sort or filter it in place.
    return [...(this.byType.get(type) ?? [])];
  }

  public referencedBy(value: unknown, type?: string): RuleResource[] {
    const found = new Map<string, RuleResource>();
    this.collectReferenced(value, type, found);
    return [...found.values()];
  }

  /** Into `found`, the resources (of `type`) that `value` references, by address in the order first met. Most strings hold no reference: no match is made for them. */
  private collectReferenced(value: unknown, type: string | undefined, found: Map<string, RuleResource>): void {
    if (typeof value === 'string') {
      if (!value.includes('${')) return;
      REFERENCE.lastIndex = 0;
      for (let m = REFERENCE.exec(value); m !== null; m = REFERENCE.exec(value)) {
        for (const r of this.byAddress.get(`${m[1]}.${m[2]}`) ?? []) {
          if (type === undefined || r.type === type) found.set(r.address, r);
        }
      }
    } else if (Array.isArray(value)) {
      for (const item of value) this.collectReferenced(item, type, found);
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) this.collectReferenced((value as Record<string, unknown>)[key], type, found);
    }
  }
}

/** The Terraform variables of a run (none for a context the runner did not build). */
export function variablesOf(context: IRuleContext): TerraformVariables {
  return context instanceof RuleContext ? context.variables : new Map();
}

import { IConstruct } from 'constructs';
import { AzureRegion } from '../core/azure-region';
import { NameRule, checkName } from '../core/naming';
import { Production } from '../core/production';

/** The props every created resource has (the checks of `openResource`). */
export interface CreatedResourceProps {
  readonly name: string;
  readonly location: string;
  readonly production?: boolean;
}

/**
 * The opening checks of every resource construct, in the one order: the region, production
 * (`props.production`, else the stack's), the name against the service's rule. Returns the
 * production flag and the checked name.
 */
export function openResource(scope: IConstruct, props: CreatedResourceProps, rule: NameRule): { production: boolean; name: string } {
  AzureRegion.check(scope, 'location', props.location);
  const production = props.production ?? Production.isProduction(scope);
  const name = checkName(scope, 'name', props.name, rule);
  return { production, name };
}

/**
 * The name of a reference (`fromExisting`): the service's rule, without the claim of a name unique
 * across Azure (the resource exists; this app only names it).
 */
export function checkReferenceName(scope: IConstruct, name: string, rule: NameRule): string {
  return checkName(scope, 'name', name, { ...rule, globallyUnique: false });
}

/** A reference's id: the one given, else the id of a lookup made now (a data source, read at plan). */
export function idOrLookup(given: string | undefined, lookup: () => { readonly id: string }): string {
  return given ?? lookup().id;
}

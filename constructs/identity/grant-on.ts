import { Construct } from 'constructs';
import { refuse } from '../core/validation';
import { Grant } from './grant';
import { IPrincipal, grantKeyOf } from './principal';
import { BuiltInRole } from './roles';

/** A role on `resourceId` for `principal`, construct id `<prefix>-<key>` under `scope`. */
export function grantOn(scope: Construct, prefix: string, role: BuiltInRole, principal: IPrincipal, resourceId: string, id?: string): Grant {
  const key = id ?? grantKeyOf(principal);
  if (!key) {
    refuse(scope, {
      lesson: 'SEC-1', setting: `${prefix} grant id`, given: undefined,
      problem: 'the role assignment needs a stable construct id, and this principal has no grant key.',
      fix: `pass an id as the last argument, e.g. (identity, 'worker'), to name the ${prefix} grant.`,
    });
  }
  return Grant.role(scope, `${prefix}-${key}`, { principal, role, resourceId });
}

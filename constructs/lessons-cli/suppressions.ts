import { RuleFinding } from '../lessons-check/rule';
import { RowBase } from '../lessons-check/rule-runner';
import { LessonsInputError, SourceLocation, SourceSuppression } from './source';

/**
 * `# azure-lessons:suppress <id> [appliesTo=<setting>,<setting>] <reason>` (or `//`), on the lines
 * just above a resource block or inside it; in `.tf.json`, the same text as a `"//"` comment.
 */
export const SUPPRESS_MARK = 'azure-lessons:suppress';
const COMMENT = new RegExp(`(?:#|//|/\\*)\\s*${SUPPRESS_MARK}\\b\\s*(.*?)\\s*(?:\\*/)?$`);
const ID = /^[A-Z]+(?:-\d+)?(?:\.[A-Za-z][A-Za-z0-9]*)?$/;

/** The suppression written in one comment line, or undefined when the line is no suppression. */
export function suppressionInComment(line: string, address: string, location: SourceLocation): SourceSuppression | undefined {
  const m = COMMENT.exec(line);
  if (!m) return undefined;
  const [id = '', ...rest] = m[1].split(/\s+/);
  let appliesTo: string[] | undefined;
  if (rest[0]?.startsWith('appliesTo=')) appliesTo = rest.shift()!.slice('appliesTo='.length).split(',').filter(Boolean);
  return checked({ id, reason: rest.join(' '), address, location, ...(appliesTo ? { appliesTo } : {}) });
}

/** A suppression of the config file (`{ id, resource, reason, appliesTo? }`), checked. */
export function suppressionInConfig(entry: unknown, location: SourceLocation): SourceSuppression {
  const e = (entry ?? {}) as Record<string, unknown>;
  const where = `${location.file}: suppressions`;
  if (typeof e.resource !== 'string' || e.resource === '') {
    throw new LessonsInputError(where, { setting: 'resource', given: e.resource, problem: 'a suppression in the config file names the resource it covers.', fix: 'set resource to its address (e.g. azurerm_redis_cache.legacy, or module.cache for everything in a module).' });
  }
  const appliesTo = e.appliesTo === undefined ? undefined : Array.isArray(e.appliesTo) && e.appliesTo.every((s) => typeof s === 'string') ? e.appliesTo as string[] : undefined;
  if (e.appliesTo !== undefined && appliesTo === undefined) {
    throw new LessonsInputError(where, { setting: 'appliesTo', given: e.appliesTo, problem: 'appliesTo lists the settings the suppression covers.', fix: 'give a list of Terraform attribute paths, e.g. ["default_database.access_keys_authentication_enabled"].' });
  }
  return checked({ id: e.id as string, reason: e.reason as string, address: e.resource, location, ...(appliesTo ? { appliesTo } : {}) });
}

function checked(s: SourceSuppression): SourceSuppression {
  const where = s.location.line === undefined ? s.location.file : `${s.location.file}:${s.location.line}`;
  if (typeof s.id !== 'string' || !ID.test(s.id)) {
    throw new LessonsInputError(where, { setting: 'suppression.id', given: s.id, problem: 'a suppression names a rule id (e.g. SEC-1.RedisAccessKeys) or a lesson id (e.g. SEC-1).', fix: 'copy the id from the finding or the lessons report.' });
  }
  if (typeof s.reason !== 'string' || s.reason.trim().length < 10) {
    throw new LessonsInputError(where, { setting: 'suppression.reason', given: s.reason, problem: `suppressing ${s.id} needs a reason reviewers can read.`, fix: 'say in at least 10 characters why the rule does not apply here.' });
  }
  return s;
}

/** The suppression covering `finding` of a rule on the resource at `address`, marked used; undefined when none does. */
export function findSuppression(all: readonly SourceSuppression[], base: RowBase, finding: RuleFinding, instance = ''): SourceSuppression | undefined {
  // A finding of one instance (`azurerm_key_vault_secret.s["sql"]`, as its message names it) is covered by a suppression of that instance too (not a masked key's: several read the same).
  const found = all.find((s) => (covers(s.address, base.address) || (instance !== '' && !instance.includes('…(') && s.address === `${base.address}${instance}`))
    && (s.id === base.ruleId || s.id === base.lesson)
    && (s.appliesTo === undefined || s.appliesTo.includes(finding.setting)));
  if (found) found.used = true;
  return found;
}

/**
 * Whether a suppression written for `scope` covers the resource at `address` (itself, an instance
 * of it, or inside a module). Only a module covers what is below it: the default provider
 * `provider.azurerm` does not cover its alias `provider.azurerm.prod`.
 */
function covers(scope: string, address: string): boolean {
  // A file's value (`module.cache.tfvars:var.x`) is in no module, whatever its file is named.
  return address === scope || address.startsWith(`${scope}[`) || (scope.startsWith('module.') && address.startsWith(`${scope}.`) && !address.includes(':'));
}

// Which language calls the library. jsii's runtime for another language starts Node with
// `JSII_AGENT` set to that language (`Python/3.11.7` from the Python runtime); TypeScript and
// JavaScript callers have no such variable. Refusals name settings the way the caller writes them.

/** True when the library runs under jsii's Python runtime. */
export function calledFromPython(): boolean {
  return /^Python\//.test(process.env.JSII_AGENT ?? '');
}

/** A camelCase property name (`maxReplicas`, `statusCodeRanges`), not a user's name such as `API_KEY` or `AzureWebJobsStorage`. */
const CAMEL_CASE = /(?<![\w-])[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+(?![\w-])/g;

/**
 * A setting path as the caller writes it: unchanged for TypeScript, each camelCase property in
 * snake_case for Python (`circuitBreaker.statusCodeRanges[0]` becomes
 * `circuit_breaker.status_code_ranges[0]`, as jsii names the Python keyword arguments).
 */
export function settingForCaller(setting: string, python: boolean = calledFromPython()): string {
  if (!python) return setting;
  return setting.replace(CAMEL_CASE, (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}

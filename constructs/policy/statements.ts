import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { PolicyValueError, wholeNumberIn } from './values';
import { XmlElement } from './xml';

/**
 * A policy statement: one typed APIM policy element. Build them with the functions in this
 * module; attribute names are fixed here (e.g. `buffer-response` with its hyphen, EDGE-3),
 * so a misspelt attribute cannot reach a policy document.
 */
export interface PolicyStatement {
  /** @internal */
  readonly element: XmlElement;
}

function statement(element: XmlElement): PolicyStatement {
  return { element };
}

export { PolicyValueError };

/** An HTTP status in [min, max] for `setting`, or a {@link PolicyValueError}. */
function statusCode(what: string, value: number, min: number, max: number, kind: string): number {
  return wholeNumberIn(value, { min, max, lesson: 'AZURE', what, problem: `APIM takes ${kind} here.`, fix: `use a status from ${min} to ${max}.` });
}

export interface ForwardRequestOptions {
  /**
   * Seconds the gateway waits for the backend's response headers before it fails the call.
   * Values above 240 s outlive the platform's connections (EDGE-1).
   */
  readonly timeoutSeconds: number;
  /**
   * Buffer the backend response before passing it on. Streams need `false` (EDGE-3).
   * @default false
   */
  readonly bufferResponse?: boolean;
}

/** `<forward-request>`: send the request to the backend. */
export function forwardRequest(options: ForwardRequestOptions): PolicyStatement {
  const timeout = wholeNumberIn(options.timeoutSeconds, {
    min: 1, max: CONNECTION_CEILING_SECONDS, lesson: 'EDGE-1', what: 'forward-request timeout',
    problem: `Azure drops connections at ${CONNECTION_CEILING_SECONDS} s, so a longer timeout is never reached.`,
    fix: `use 1-${CONNECTION_CEILING_SECONDS} s.`,
  });
  return statement({
    name: 'forward-request',
    attributes: { timeout, 'buffer-response': options.bufferResponse ?? false },
  });
}

export type ExistsAction = 'override' | 'skip' | 'append' | 'delete';

/** `<set-header>`: set, append, keep or delete a header. */
export function setHeader(name: string, existsAction: ExistsAction, ...values: string[]): PolicyStatement {
  return statement({
    name: 'set-header',
    attributes: { name, 'exists-action': existsAction },
    children: values.map((text) => ({ name: 'value', text })),
  });
}

export interface CheckHeaderOptions {
  readonly name: string;
  /** Accepted values; the check passes when the header equals one of them. */
  readonly values: string[];
  /** @default 403 */
  readonly failedStatusCode?: number;
  /** @default 'Forbidden' */
  readonly failedMessage?: string;
  /** @default true */
  readonly ignoreCase?: boolean;
}

/** `<check-header>`: reject the request unless a header has one of the given values. */
export function checkHeader(options: CheckHeaderOptions): PolicyStatement {
  if (options.values.length === 0) throw new PolicyValueError(`check-header ${options.name}: give at least one accepted value.`);
  return statement({
    name: 'check-header',
    attributes: {
      name: options.name,
      'failed-check-httpcode': statusCode('check-header failed status', options.failedStatusCode ?? 403, 400, 599, 'a 4xx or 5xx status'),
      'failed-check-error-message': options.failedMessage ?? 'Forbidden',
      'ignore-case': options.ignoreCase ?? true,
    },
    children: options.values.map((text) => ({ name: 'value', text })),
  });
}

/** One branch of a {@link choose}: an APIM policy expression and the statements it runs. */
export interface ChooseBranch {
  /** Policy expression, e.g. `@(context.Response.StatusCode == 429)`. */
  readonly condition: string;
  readonly then: PolicyStatement[];
}

/** `<choose>`: run the statements of the first branch whose condition holds. */
export function choose(branches: ChooseBranch[], otherwise?: PolicyStatement[]): PolicyStatement {
  if (branches.length === 0) throw new PolicyValueError('choose: give at least one branch.');
  for (const branch of branches) {
    if (!/^@[({][\s\S]*[)}]$/.test(branch.condition)) {
      throw new PolicyValueError(`choose condition ${JSON.stringify(branch.condition)}: write it as a policy expression, @(...) or @{...}.`);
    }
  }
  return statement({
    name: 'choose',
    children: [
      ...branches.map((b) => ({ name: 'when', attributes: { condition: b.condition }, children: b.then.map((s) => s.element) })),
      ...(otherwise ? [{ name: 'otherwise', children: otherwise.map((s) => s.element) }] : []),
    ],
  });
}

export interface ReturnResponseOptions {
  readonly statusCode: number;
  readonly reason: string;
  readonly headers?: Record<string, string>;
  /** Response body (text; escaped). */
  readonly body?: string;
}

/** `<return-response>`: answer from the gateway without calling the backend. */
export function returnResponse(options: ReturnResponseOptions): PolicyStatement {
  return statement({
    name: 'return-response',
    children: [
      { name: 'set-status', attributes: { code: statusCode('return-response status', options.statusCode, 100, 599, 'an HTTP status code'), reason: options.reason } },
      ...Object.entries(options.headers ?? {}).map(([name, value]) => setHeader(name, 'override', value).element),
      ...(options.body !== undefined ? [{ name: 'set-body', text: options.body }] : []),
    ],
  });
}

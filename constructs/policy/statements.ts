import { Token } from 'cdktf';
import { CONNECTION_CEILING_SECONDS } from '../core/lessons';
import { refuseValue, wholeNumberIn } from '../core/validation';
import { XmlElement } from './xml';

// Element builders of the generic statements. They return XML elements; the public way to get
// a statement is `PolicyStatement` (policy-statement.ts), which wraps them.

/** An HTTP status in [min, max], or an InvalidValueError. */
function statusCode(builder: string, setting: string, value: number, min: number, max: number, kind: string): number {
  return wholeNumberIn(builder, value, { min, max, lesson: 'AZURE', setting, problem: `APIM takes ${kind} here.`, fix: `use a status from ${min} to ${max}.` });
}

export interface ForwardRequestOptions {
  /**
   * Seconds the gateway waits for the backend's response headers before it fails the call,
   * 1-240: longer values outlive the platform's connections (EDGE-1).
   */
  readonly timeoutSeconds: number;
  /**
   * Buffer the backend response before passing it on. Streams need `false` (EDGE-3).
   * @default false
   */
  readonly bufferResponse?: boolean;
  /**
   * Buffer the request body, so it can be sent again: required inside `retry`, where a retried
   * call would otherwise go out without its body.
   * @default false
   */
  readonly bufferRequestBody?: boolean;
}

export function forwardRequestElement(options: ForwardRequestOptions): XmlElement {
  const timeout = wholeNumberIn('forward-request', options.timeoutSeconds, {
    min: 1, max: CONNECTION_CEILING_SECONDS, lesson: 'EDGE-1', setting: 'timeoutSeconds',
    problem: `Azure drops connections at ${CONNECTION_CEILING_SECONDS} s, so a longer timeout is never reached.`,
    fix: `use 1-${CONNECTION_CEILING_SECONDS} s.`,
  });
  return {
    name: 'forward-request',
    attributes: { timeout, 'buffer-response': options.bufferResponse ?? false, ...(options.bufferRequestBody ? { 'buffer-request-body': true } : {}) },
  };
}

/** What `set-header` does when the header is already there. */
export enum ExistsAction {
  /** Replace the header's value. */
  OVERRIDE = 'override',
  /** Keep the existing value. */
  SKIP = 'skip',
  /** Add a value to the existing ones. */
  APPEND = 'append',
  /** Remove the header. */
  DELETE = 'delete',
}

const EXISTS_ACTIONS = Object.values(ExistsAction) as string[];
/** HTTP header names (RFC 9110 tokens). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function checkHeaderName(builder: string, name: string, setting = 'name'): string {
  if (!Token.isUnresolved(name) && !HEADER_NAME.test(name)) {
    refuseValue(builder, {
      lesson: 'AZURE', setting, given: name,
      problem: 'an HTTP header name is letters, digits and !#$%&\'*+.^_`|~- without spaces or colons.', fix: "use e.g. 'Retry-After'.",
    });
  }
  return name;
}

export function setHeaderElement(name: string, existsAction: ExistsAction, values: readonly string[]): XmlElement {
  checkHeaderName('set-header', name);
  if (!EXISTS_ACTIONS.includes(existsAction)) {
    refuseValue('set-header', {
      lesson: 'AZURE', setting: 'existsAction', given: existsAction,
      problem: 'API Management knows override, skip, append and delete.', fix: 'use ExistsAction.OVERRIDE, SKIP, APPEND or DELETE.',
    });
  }
  if (existsAction !== ExistsAction.DELETE && values.length === 0) {
    refuseValue('set-header', {
      lesson: 'AZURE', setting: 'values', given: [],
      problem: `a header set with ${existsAction} needs a value.`, fix: 'give at least one value, or use ExistsAction.DELETE to remove the header.',
    });
  }
  return { name: 'set-header', attributes: { name, 'exists-action': existsAction }, children: values.map((text) => ({ name: 'value', text })) };
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

export function checkHeaderElement(options: CheckHeaderOptions): XmlElement {
  checkHeaderName('check-header', options.name);
  if (options.values.length === 0) {
    refuseValue('check-header', {
      lesson: 'AZURE', setting: 'values', given: [],
      problem: 'a check with no accepted value refuses every request.', fix: 'give at least one accepted value.',
    });
  }
  return {
    name: 'check-header',
    attributes: {
      name: options.name,
      'failed-check-httpcode': statusCode('check-header', 'failedStatusCode', options.failedStatusCode ?? 403, 400, 599, 'a 4xx or 5xx status'),
      'failed-check-error-message': options.failedMessage ?? 'Forbidden',
      'ignore-case': options.ignoreCase ?? true,
    },
    children: options.values.map((text) => ({ name: 'value', text })),
  };
}

/** One branch of a `choose`: an APIM policy expression and the statements it runs. */
export interface ChooseBranchElements {
  readonly condition: string;
  readonly then: readonly XmlElement[];
}

const EXPRESSION = /^@[({][\s\S]*[)}]$/;

export function chooseElement(branches: readonly ChooseBranchElements[], otherwise?: readonly XmlElement[]): XmlElement {
  if (branches.length === 0) {
    refuseValue('choose', {
      lesson: 'AZURE', setting: 'branches', given: [],
      problem: 'a choose without a when branch is refused by API Management.', fix: 'give at least one branch.',
    });
  }
  branches.forEach((branch, i) => {
    if (!EXPRESSION.test(branch.condition)) {
      refuseValue('choose', {
        lesson: 'AZURE', setting: `branches[${i}].condition`, given: branch.condition,
        problem: 'a condition is a policy expression.', fix: 'write it as @(...) or @{...}.',
      });
    }
  });
  return {
    name: 'choose',
    children: [
      ...branches.map((b) => ({ name: 'when', attributes: { condition: b.condition }, children: b.then })),
      ...(otherwise ? [{ name: 'otherwise', children: otherwise }] : []),
    ],
  };
}

export interface ReturnResponseOptions {
  readonly statusCode: number;
  readonly reason: string;
  /** @default - none */
  readonly headers?: { [name: string]: string };
  /** Response body (text; escaped). @default - none */
  readonly body?: string;
}

export function returnResponseElement(options: ReturnResponseOptions): XmlElement {
  for (const name of Object.keys(options.headers ?? {})) checkHeaderName('return-response', name, `headers.${name}`);
  return {
    name: 'return-response',
    children: [
      { name: 'set-status', attributes: { code: statusCode('return-response', 'statusCode', options.statusCode, 100, 599, 'an HTTP status code'), reason: options.reason } },
      ...Object.entries(options.headers ?? {}).map(([name, value]) => setHeaderElement(name, ExistsAction.OVERRIDE, [value])),
      ...(options.body !== undefined ? [{ name: 'set-body', text: options.body }] : []),
    ],
  };
}

export function setBackendServiceElement(backendId: string): XmlElement {
  if (backendId.length === 0 || /["<>&\s]/.test(backendId)) {
    refuseValue('set-backend-service', {
      lesson: 'GW-7', setting: 'backendId', given: backendId,
      problem: 'a backend id is the name of an API Management backend.', fix: 'pass GatewayBackend.backendId.',
    });
  }
  return { name: 'set-backend-service', attributes: { 'backend-id': backendId } };
}

/** `<authentication-managed-identity>`: the gateway signs the backend call with a token of its managed identity. */
export function authenticationManagedIdentityElement(resource: string, clientId?: string): XmlElement {
  if (resource.trim() === '') {
    refuseValue('authentication-managed-identity', {
      lesson: 'ACCESS', setting: 'resource', given: resource,
      problem: 'the token is requested for an application: its client id or App ID URI.', fix: 'give the backend\'s Entra application id.',
    });
  }
  return { name: 'authentication-managed-identity', attributes: { resource, 'client-id': clientId } };
}

export interface AcceptedResponseOptions {
  /** Where the client polls for the result: the `Location` header (an absolute or gateway-relative URL, or a policy expression). */
  readonly location: string;
  /** When to poll again, in whole seconds (EDGE-6). */
  readonly retryAfterSeconds: number;
}

/** A gateway-made `202 Accepted` with `Location` and `Retry-After` (the async request-reply shape, EDGE-6). */
export function acceptedResponseElement(options: AcceptedResponseOptions): XmlElement {
  if (options.location.trim() === '') {
    refuseValue('accepted', {
      lesson: 'EDGE-6', setting: 'location', given: options.location,
      problem: 'a 202 without Location leaves the client nowhere to poll.', fix: 'give the status URL, e.g. @("/v1/jobs/" + context.RequestId).',
    });
  }
  const retryAfter = wholeNumberIn('accepted', options.retryAfterSeconds, {
    min: 1, max: 86_400, lesson: 'EDGE-6', setting: 'retryAfterSeconds',
    problem: 'Retry-After is a whole number of seconds, at least 1.', fix: 'use the interval the work usually needs, e.g. 5.',
  });
  return returnResponseElement({
    statusCode: 202, reason: 'Accepted', headers: { Location: options.location, 'Retry-After': String(retryAfter) },
  });
}

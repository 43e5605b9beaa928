import { PolicyStatement, checkHeader, choose, setHeader } from './statements';

/** Statuses the gateway answers that a client should retry later (EDGE-6). */
export const RETRY_LATER_STATUSES = [202, 429, 503] as const;

/**
 * Add `Retry-After` to 202, 429 and 503 responses that lack one (EDGE-6), so clients poll and
 * back off at the interval the platform chooses instead of inventing one and herding after a
 * deploy. A `Retry-After` set by the backend is kept.
 */
export function retryAfterOnRetryableStatuses(seconds: number): PolicyStatement {
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(`[EDGE-6] Retry-After = ${seconds}: use a whole number of seconds, at least 1.`);
  }
  const condition = RETRY_LATER_STATUSES.map((code) => `context.Response.StatusCode == ${code}`).join(' || ');
  return choose([{ condition: `@(${condition})`, then: [setHeader('Retry-After', 'skip', String(seconds))] }]);
}

/**
 * Only Front Door may call: reject requests whose `X-Azure-FDID` header is not the given Front
 * Door profile's id (a Terraform reference such as `profile.resourceGuid` is fine).
 */
export function onlyFromFrontDoor(frontDoorId: string): PolicyStatement {
  return checkHeader({
    name: 'X-Azure-FDID',
    values: [frontDoorId],
    failedStatusCode: 403,
    failedMessage: 'Requests must come through the Front Door profile of this environment.',
  });
}

import { wholeNumberIn } from '../core/validation';
import { ExistsAction, checkHeaderElement, chooseElement, setHeaderElement } from './statements';
import { XmlElement } from './xml';

/** Statuses the gateway answers that a client should retry later (EDGE-6). */
export const RETRY_LATER_STATUSES = [202, 429, 503] as const;

export function retryAfterOnRetryableStatusesElement(seconds: number): XmlElement {
  wholeNumberIn('retry-after', seconds, {
    min: 1, max: 86_400, lesson: 'EDGE-6', setting: 'seconds',
    problem: 'Retry-After is a whole number of seconds, at least 1.', fix: 'use a small interval such as 5.',
  });
  const condition = RETRY_LATER_STATUSES.map((code) => `context.Response.StatusCode == ${code}`).join(' || ');
  return chooseElement([{ condition: `@(${condition})`, then: [setHeaderElement('Retry-After', ExistsAction.SKIP, [String(seconds)])] }]);
}

export function onlyFromFrontDoorElement(frontDoorId: string): XmlElement {
  return checkHeaderElement({
    name: 'X-Azure-FDID',
    values: [frontDoorId],
    failedStatusCode: 403,
    failedMessage: 'Requests must come through the Front Door profile of this environment.',
  });
}

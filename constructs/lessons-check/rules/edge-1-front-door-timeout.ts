import { CONNECTION_CEILING_SECONDS } from '../../core/lessons';
import { LessonRule } from '../rule';

/**
 * EDGE-1: a Front Door profile without `response_timeout_seconds` gets the provider's 120 s and
 * cuts streams and long polls early. (Values above 240 are refused by the provider itself.)
 */
export const frontDoorTimeoutRule: LessonRule = {
  lesson: 'EDGE-1',
  level: 'warning',
  resourceTypes: ['azurerm_cdn_frontdoor_profile'],
  check(attributes) {
    const timeout = attributes.response_timeout_seconds;
    if (timeout === undefined || (typeof timeout === 'number' && timeout < CONNECTION_CEILING_SECONDS)) {
      return {
        setting: 'response_timeout_seconds', given: timeout,
        problem: `Front Door closes a request after ${timeout ?? 120} s without an origin response, so SSE streams and long polls end early.`,
        fix: `set ${CONNECTION_CEILING_SECONDS} for origins that stream (the FrontDoor construct does).`,
      };
    }
    return undefined;
  },
};

import { API_PATTERNS_STACK } from '../stacks/api-patterns-stack';
import { PAYMENTS_STACK } from '../stacks/payments-stack';
import { RATE_LIMITING_STACK } from '../stacks/rate-limiting-stack';
import { REALTIME_STACK } from '../stacks/realtime-stack';
import { StackDefinition } from '../stacks/stack-definition';

/**
 * Every deployable stack of the platform, in the order `npm run synth` builds them. Adding a
 * stack means defining it next to its class (a `StackDefinition`) and listing it here: the
 * environment loader, the variables and the app take everything else from the definition.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each definition has its own settings type
export const STACKS: readonly StackDefinition<any>[] = [REALTIME_STACK, RATE_LIMITING_STACK, API_PATTERNS_STACK, PAYMENTS_STACK];

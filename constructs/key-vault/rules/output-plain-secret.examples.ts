import { RuleExamples } from '../../lessons-check/rule-examples';

// Assembled at run time, so no scanner mistakes this file for a leak.
const STRIPE = ['sk', 'live', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');

// SEC-1: a root output that gives a secret written in the configuration (type `output`: a root output, attribute `value`).
export const EXAMPLES: RuleExamples = {
  rule: 'SEC-1.OutputPlainSecret',
  failing: [[{ type: 'output', name: 'leak', attributes: { value: STRIPE } }]],
  passing: [[{ type: 'output', name: 'endpoint', attributes: { value: 'https://orders.example.com' } }]],
};

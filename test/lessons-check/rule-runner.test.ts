import { describe, expect, it } from 'vitest';
import { PackRule, RuleLevel } from '../../constructs/lessons-check/pack';
import { ReportStatus } from '../../constructs/lessons-check/report';
import { ILessonRule, IRuleContext, RuleOutcome, RuleResource } from '../../constructs/lessons-check/rule';
import { RuleContext } from '../../constructs/lessons-check/rule-context';
import { RulesByType, nonCompliantRow, readsType, runRules, suppressedRow } from '../../constructs/lessons-check/rule-runner';
import { recordInstances } from '../../constructs/lessons-check/resource-instances';
import { probeHiddenClasses } from '../support/hidden-classes';

function rule(id: string, resourceTypes: string[], evaluate: ILessonRule['evaluate'] = () => RuleOutcome.compliant()): PackRule {
  return { rule: { id, lesson: id.split('.')[0], description: id, resourceTypes, evaluate }, level: RuleLevel.ERROR };
}

const resource = (type: string, name: string): RuleResource => ({ type, address: `${type}.${name}`, path: `stack/${name}`, attributes: {} });

describe('RulesByType', () => {
  it('says, in rule order, which rules read a type, and asks each rule once per type', () => {
    let asked = 0;
    const counting = rule('T-2.Counted', ['b']);
    const types = counting.rule.resourceTypes;
    Object.defineProperty(counting.rule, 'resourceTypes', { get: () => { asked += 1; return types; } });
    const index = new RulesByType([rule('T-1.A', ['a', 'b']), counting, rule('T-3.C', [])]);
    expect(index.of('a')).toEqual([true, false, false]);
    expect(index.of('b')).toEqual([true, true, false]);
    expect(index.of('b')).toEqual([true, true, false]);
    expect(index.of('c')).toEqual([false, false, false]);
    expect(asked).toBe(3);
    // The positions of the rules that read a type, in rule order, from the same answers.
    expect(index.positionsOf('b')).toEqual([0, 1]);
    expect(index.positionsOf('a')).toEqual([0]);
    expect(index.positionsOf('c')).toEqual([]);
    expect(asked).toBe(3);
  });
});

describe('readsType', () => {
  it('reads a type named, every block but the configuration\'s under *, and the types a prefix ending in * starts', () => {
    expect(readsType(['azurerm_storage_account'], 'azurerm_storage_account')).toBe(true);
    expect(readsType(['*'], 'data.azurerm_client_config')).toBe(true);
    expect(readsType(['*'], 'output')).toBe(false);
    expect(readsType(['azurerm_*'], 'azurerm_resource_group')).toBe(true);
    // A prefix is no pattern: azapi's resources, data sources, module calls and outputs are not azurerm's resources.
    expect(['azapi_resource', 'data.azurerm_client_config', 'module', 'output', 'azurerm'].filter((t) => readsType(['azurerm_*'], t))).toEqual([]);
    expect(readsType(['data.azurerm_*'], 'data.azurerm_client_config')).toBe(true);
  });
});

describe('runRules', () => {
  it('writes a row per rule and resource it concerns in rule order, evaluating only the rules of the type, and counts the others per rule', () => {
    const evaluated: string[] = [];
    const rules = [
      rule('T-1.A', ['a'], (r) => { evaluated.push(`A ${r.address}`); return RuleOutcome.compliant(); }),
      rule('T-2.B', ['a', 'b'], (r) => { evaluated.push(`B ${r.address}`); return r.type === 'a' ? RuleOutcome.notApplicable() : RuleOutcome.compliant(); }),
      rule('T-3.C', ['a'], () => { throw new Error('boom'); }),
      rule('T-4.D', ['c']),
    ];
    const resources = [resource('a', 'one'), resource('b', 'two')];
    const context: IRuleContext = new RuleContext(resources, true);
    const run = runRules(rules, resources, context, (_resource, base, _level, finding) => ({ ...base, status: ReportStatus.NON_COMPLIANT, setting: finding.setting, message: finding.problem }));
    expect(evaluated).toEqual(['A a.one', 'B a.one', 'B b.two']);
    const base = (ruleId: string, r: RuleResource) => ({ ruleId, lesson: ruleId.split('.')[0], level: RuleLevel.ERROR, resourcePath: r.path, resourceType: r.type, address: r.address });
    expect(run.rows).toEqual([
      { ...base('T-1.A', resources[0]), status: ReportStatus.COMPLIANT },
      { ...base('T-3.C', resources[0]), status: ReportStatus.NON_COMPLIANT, setting: '(rule)', message: expect.stringContaining('(boom)') },
      { ...base('T-2.B', resources[1]), status: ReportStatus.COMPLIANT },
    ]);
    // Not applicable: T-2.B said so on a.one; T-1.A and T-3.C do not read b; T-4.D reads neither type.
    expect([...run.notApplicable]).toEqual([['T-1.A', 1], ['T-2.B', 1], ['T-3.C', 1], ['T-4.D', 2]]);
    // The report keeps its key order.
    expect(Object.keys(run.rows[2])).toEqual(['ruleId', 'lesson', 'level', 'resourcePath', 'resourceType', 'address', 'status']);
  });

  it('gives every compliant row one hidden class, however many rows there are', () => {
    // Node 20's V8 gives an object spread followed by one more key (`{ ...base, status }`) a new
    // hidden class each time once the spread is warm: one per row, kept as long as the report.
    const seen = probeHiddenClasses(`
      const { runRules } = require('./constructs/lessons-check/rule-runner');
      const { RuleContext } = require('./constructs/lessons-check/rule-context');
      const { RuleOutcome } = require('./constructs/lessons-check/rule');
      const rule = { rule: { id: 'T-1.A', lesson: 'T-1', description: 'A', resourceTypes: ['a'], evaluate: () => RuleOutcome.compliant() }, level: 'error' };
      const resources = Array.from({ length: 60 }, (_, i) => ({ type: 'a', address: 'a.r' + i, path: 'stack/r' + i, attributes: {} }));
      const { rows } = runRules([rule], resources, new RuleContext(resources, true), () => { throw new Error('no finding expected'); });
      console.log(JSON.stringify({ rows: rows.length, sameClass: rows.filter((row) => %HaveSameMap(row, rows[0])).length }));
    `);
    expect(seen).toEqual({ rows: 60, sameClass: 60 });
  });

  it('writes a finding\'s row in the report\'s key order, at the rule\'s level unless told another', () => {
    const base = { ruleId: 'T-1.A', lesson: 'T-1', level: RuleLevel.ERROR, resourcePath: 's/r', resourceType: 'a', address: 'a.r' };
    const open = nonCompliantRow(base, 'name', 'm');
    expect(Object.entries(open)).toEqual([
      ['ruleId', 'T-1.A'], ['lesson', 'T-1'], ['level', 'error'], ['resourcePath', 's/r'], ['resourceType', 'a'], ['address', 'a.r'],
      ['status', 'non-compliant'], ['setting', 'name'], ['message', 'm'],
    ]);
    expect(Object.entries(suppressedRow(base, undefined, 'm', 'accepted here', RuleLevel.WARNING))).toEqual([
      ['ruleId', 'T-1.A'], ['lesson', 'T-1'], ['level', 'warning'], ['resourcePath', 's/r'], ['resourceType', 'a'], ['address', 'a.r'],
      ['status', 'suppressed'], ['setting', undefined], ['message', 'm'], ['suppressionReason', 'accepted here'],
    ]);
  });

  it('judges a resource that iterates over a literal map instance by instance: a finding of one instance under its key, one every instance gives once under the resource', () => {
    const seen: string[] = [];
    const rules = [
      rule('T-1.Value', ['a'], (r) => { seen.push(`${r.path} ${r.attributes.value}`); return r.attributes.value === 'bad' ? RuleOutcome.nonCompliant({ setting: 'value', given: 'bad', problem: 'p', fix: 'f' }) : RuleOutcome.compliant(); }),
      rule('T-2.Name', ['a'], () => RuleOutcome.nonCompliant({ setting: 'name', given: 'n', problem: 'p', fix: 'f' })),
      rule('T-3.Never', ['a'], () => RuleOutcome.notApplicable()),
    ];
    const iterated: RuleResource = { type: 'a', address: 'a.s', path: 'a.s', attributes: { for_each: { one: 'good', two: 'bad' }, name: 'n', value: '${each.value}' } };
    recordInstances(iterated, () => [{ key: '["one"]', attributes: { name: 'n', value: 'good' } }, { key: '["two"]', attributes: { name: 'n', value: 'bad' } }]);
    const where: string[] = [];
    const run = runRules(rules, [iterated], new RuleContext([iterated], true), (r, base, _level, finding) => {
      where.push(`${base.ruleId} ${r.path} ${finding.setting}`);
      return { ...base, status: ReportStatus.NON_COMPLIANT, setting: finding.setting };
    });
    expect(seen).toEqual(['a.s["one"] good', 'a.s["two"] bad']);
    expect(where).toEqual(['T-1.Value a.s["two"] value', 'T-2.Name a.s name']);
    // Rows stay under the resource's address (suppressions and source lines are the block's), one per finding.
    expect(run.rows.map((r) => [r.ruleId, r.address])).toEqual([['T-1.Value', 'a.s'], ['T-2.Name', 'a.s']]);
    expect(run.notApplicable).toEqual(new Map([['T-3.Never', 1]]));
  });

  it('names each instance that gives a finding, though the findings read the same (a masked value of the same length)', () => {
    const iterated: RuleResource = { type: 'a', address: 'a.s', path: 'a.s', attributes: {} };
    recordInstances(iterated, () => ['one', 'two', 'three'].map((k) => ({ key: `["${k}"]`, attributes: { value: k === 'three' ? '' : 'secret' } })));
    const where: string[] = [];
    runRules([rule('T-1.A', ['a'], (r) => (r.attributes.value === '' ? RuleOutcome.compliant() : RuleOutcome.nonCompliant({ setting: 'value', given: '…(6 chars)', problem: 'p', fix: 'f' })))],
      [iterated], new RuleContext([iterated], true), (r, base) => { where.push(r.path); return { ...base, status: ReportStatus.NON_COMPLIANT }; });
    expect(where).toEqual(['a.s["one"]', 'a.s["two"]']);
  });

  it('writes one compliant row for a resource whose every instance complies', () => {
    const iterated: RuleResource = { type: 'a', address: 'a.s', path: 'a.s', attributes: { count: 3, name: 'n-${count.index}' } };
    recordInstances(iterated, () => [0, 1, 2].map((i) => ({ key: `[${i}]`, attributes: { name: `n-${i}` } })));
    const run = runRules([rule('T-1.A', ['a'])], [iterated], new RuleContext([iterated], true), () => { throw new Error('no finding expected'); });
    expect(run.rows.map((r) => r.status)).toEqual([ReportStatus.COMPLIANT]);
  });
});

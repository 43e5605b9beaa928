import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_TABLES, KqlProblem, checkKql } from '../../constructs/monitoring/kql';
import {
  FAST_RETRY_AFTER_429_QUERY, GATEWAY_OVERHEAD_QUERY, GATEWAY_QUERIES, GATEWAY_VS_SERVICE_429_QUERY, GatewayQuery,
  GatewayQueryPack, GatewayQueryPackProps, QueryPackCategory, REJECTIONS_PER_SUBSCRIPTION_QUERY, stableUuid,
} from '../../constructs/monitoring/query-pack';
import { refusalOf } from '../support/refusal';
import { resourceOf, resourcesOf, synth, testStack } from '../support/synth';

const PROPS: GatewayQueryPackProps = { name: 'pack-rl', resourceGroupName: 'rg-test', location: 'westeurope' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function build(props: Partial<GatewayQueryPackProps> = {}) {
  const stack = testStack();
  const pack = new GatewayQueryPack(stack, 'queries', { ...PROPS, ...props });
  return { stack, pack, tf: synth(stack) };
}

type Query = { name: string; display_name: string; description: string; body: string; categories: string[]; resource_types: string[]; query_pack_id: string };
const queriesOf = (tf: ReturnType<typeof synth>) => Object.values(resourcesOf(tf, 'azurerm_log_analytics_query_pack_query')) as Query[];

describe('checkKql', () => {
  it('accepts every built-in query, each reading ApiManagementGatewayLogs', () => {
    for (const query of [GATEWAY_VS_SERVICE_429_QUERY, REJECTIONS_PER_SUBSCRIPTION_QUERY, GATEWAY_OVERHEAD_QUERY, FAST_RETRY_AFTER_429_QUERY]) {
      expect(checkKql(query)).toEqual({ ok: true, problems: [], tables: ['ApiManagementGatewayLogs'] });
    }
  });

  it('gives the same result for a query checked again, per set of tables, each caller its own lists', () => {
    const query = 'ApiManagementGatewayLogs | join (AzureDiagnostics) on CorrelationId';
    const first = checkKql(query);
    expect(first.ok).toBe(false);
    (first.problems as KqlProblem[]).length = 0;
    (first.tables as string[]).push('Changed');
    expect(checkKql(query)).toEqual({ ok: false, problems: [expect.objectContaining({ kind: 'table' })], tables: ['ApiManagementGatewayLogs'] });
    expect(checkKql(query, ['ApiManagementGatewayLogs', 'AzureDiagnostics'])).toEqual({ ok: true, problems: [], tables: ['ApiManagementGatewayLogs', 'AzureDiagnostics'] });
    expect(checkKql(query).ok).toBe(false);
  });

  it('knows the four tables the diagnostic settings create', () => {
    expect(DIAGNOSTIC_TABLES).toEqual(['ApiManagementGatewayLogs', 'ApiManagementWebSocketConnectionLogs', 'ContainerAppConsoleLogs', 'ContainerAppSystemLogs']);
  });

  it('ignores brackets and table names inside strings and comments', () => {
    const query = `// AzureDiagnostics is not read here (
ApiManagementGatewayLogs
| where Url has "(" and LastErrorReason != 'join AzureDiagnostics ]' and Method == @"\\{"
| project Url`;
    expect(checkKql(query)).toEqual({ ok: true, problems: [], tables: ['ApiManagementGatewayLogs'] });
  });

  it('accepts let statements, joins and unions over known tables', () => {
    const query = `let gateway = ApiManagementGatewayLogs | where ResponseCode == 429;
let threshold = 10;
gateway
| join kind=inner (ContainerAppConsoleLogs | project TimeGenerated, Log) on TimeGenerated
| union ContainerAppSystemLogs, table("ApiManagementWebSocketConnectionLogs")
| take threshold`;
    expect(checkKql(query)).toEqual({
      ok: true, problems: [],
      tables: ['ApiManagementGatewayLogs', 'ContainerAppConsoleLogs', 'ContainerAppSystemLogs', 'ApiManagementWebSocketConnectionLogs'],
    });
  });

  it('fails when a parenthesis is never closed', () => {
    expect(checkKql('ApiManagementGatewayLogs\n| summarize count() by bin(TimeGenerated, 5m')).toEqual({
      ok: false, tables: [], problems: [{ kind: 'syntax', message: '"(" opened at line 2, column 27 is never closed.' }],
    });
  });

  it('fails when brackets cross', () => {
    expect(checkKql('ApiManagementGatewayLogs | extend x = pack_array(1, 2] )').problems).toEqual([
      { kind: 'syntax', message: '"]" at line 1, column 54 does not match "(" opened at line 1, column 49.' },
    ]);
  });

  it('fails when a bracket closes nothing', () => {
    expect(checkKql('ApiManagementGatewayLogs | take 1 }').problems).toEqual([{ kind: 'syntax', message: '"}" at line 1, column 35 closes nothing.' }]);
  });

  it('fails when a quote is not closed on its line', () => {
    expect(checkKql('ApiManagementGatewayLogs\n| where Url has "/orders\n| take 1').problems).toEqual([
      { kind: 'syntax', message: 'the string opened with " at line 2, column 17 is never closed on its line.' },
    ]);
    expect(checkKql("ApiManagementGatewayLogs | where Method == 'GET").ok).toBe(false);
  });

  it('fails when the query starts from AzureDiagnostics, and says why (GW-10)', () => {
    const result = checkKql('AzureDiagnostics | where ResponseCode == 429');
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([{
      kind: 'table',
      message: expect.stringMatching(/^the query starts from "AzureDiagnostics", not from a table the diagnostic settings create \(ApiManagementGatewayLogs, .*\)\. Gateway logs go to resource-specific tables \(log_analytics_destination_type = Dedicated, GW-10\)/),
    }]);
  });

  it('fails when the query starts from something that is not a table', () => {
    expect(checkKql('print x = 1').problems).toEqual([{ kind: 'table', message: expect.stringMatching(/^the query starts from "print"/) }]);
    expect(checkKql('| take 1').problems).toEqual([{ kind: 'table', message: expect.stringMatching(/^the query starts from no table/) }]);
    expect(checkKql('let x = 1;\n// only a comment').problems).toEqual([{ kind: 'syntax', message: expect.stringMatching(/^the query has only let statements/) }]);
    expect(checkKql('// only a comment').problems).toEqual([{ kind: 'syntax', message: 'the query is empty.' }]);
    expect(checkKql('   ').problems).toEqual([{ kind: 'syntax', message: 'the query is empty.' }]);
  });

  it('fails when a join, lookup, union, table() or let reads an unknown table', () => {
    const unknown = (query: string) => checkKql(query).problems.map((p) => p.message.split(',')[0]);
    expect(unknown('ApiManagementGatewayLogs | join kind=leftouter (AppRequests | project OperationId) on OperationId'))
      .toEqual(['join reads table "AppRequests"']);
    expect(unknown('ApiManagementGatewayLogs | lookup AppRequests on OperationId')).toEqual(['lookup reads table "AppRequests"']);
    expect(unknown('union ApiManagementGatewayLogs, AzureDiagnostics')).toEqual(['union reads table "AzureDiagnostics"']);
    expect(unknown('ApiManagementGatewayLogs | union table("AppTraces")')).toEqual(['table() reads table "AppTraces"']);
    expect(unknown('let requests = AppRequests | where Success == false;\nrequests | count')).toEqual(['let requests reads table "AppRequests"']);
    expect(unknown('ApiManagementGatewayLogs | where OperationId in ((AppRequests | project OperationId))')).toEqual(['a subquery reads table "AppRequests"']);
  });

  it('fails when a statement other than the last is a query', () => {
    expect(checkKql('ApiManagementGatewayLogs | take 1; ApiManagementGatewayLogs | take 2').problems).toEqual([
      { kind: 'syntax', message: 'only the last statement may be a query; "ApiManagementGatewayLogs | take 1" is followed by a ";".' },
    ]);
  });

  it('checks against the tables it is given', () => {
    expect(checkKql('AppRequests | take 1', ['AppRequests']).ok).toBe(true);
    expect(checkKql('ApiManagementGatewayLogs | take 1', ['AppRequests']).ok).toBe(false);
  });
});

const OK = (...tables: string[]) => ({ ok: true, problems: [], tables });

describe('checkKql lexing', () => {
  it('fails when the query is empty or only a comment', () => {
    for (const text of ['', '   \n ', '// nothing here']) {
      expect(checkKql(text)).toEqual({ ok: false, problems: [{ kind: 'syntax', message: expect.any(String) }], tables: [] });
    }
  });

  it('skips multi-line ``` strings, brackets and semicolons inside them included', () => {
    expect(checkKql('ApiManagementGatewayLogs\n| extend note = ```a ( [ ;\nb ;```\n| take 1')).toEqual(OK('ApiManagementGatewayLogs'));
    expect(checkKql('ApiManagementGatewayLogs | extend note = ```ab;```')).toEqual(OK('ApiManagementGatewayLogs'));
  });

  it('reads a table named by a ``` string', () => {
    expect(checkKql('union table(```ContainerAppConsoleLogs```), ApiManagementGatewayLogs')).toEqual(OK('ApiManagementGatewayLogs', 'ContainerAppConsoleLogs'));
  });

  it('fails when a ``` string is never closed', () => {
    expect(checkKql('ApiManagementGatewayLogs\n| extend note = ```open')).toEqual({ ok: false, problems: [{ kind: 'syntax', message: expect.stringContaining('line 2, column 17') }], tables: [] });
  });

  it('reads a verbatim string to its closing quote: a backslash is no escape there, a doubled quote is one quote', () => {
    expect(checkKql('ApiManagementGatewayLogs | where Url startswith @"C:\\temp\\" | take 1')).toEqual(OK('ApiManagementGatewayLogs'));
    expect(checkKql("union table(@'it''s'), ApiManagementGatewayLogs", ['ApiManagementGatewayLogs', "it's"])).toEqual(OK('ApiManagementGatewayLogs', "it's"));
  });

  it('reads an escaped quote inside a plain string', () => {
    expect(checkKql('ApiManagementGatewayLogs | where Url has "say \\"hi\\"" | take 1')).toEqual(OK('ApiManagementGatewayLogs'));
    expect(checkKql('union table("My\\"Table"), ApiManagementGatewayLogs', ['ApiManagementGatewayLogs', 'My"Table'])).toEqual(OK('ApiManagementGatewayLogs', 'My"Table'));
  });

  it('blanks a string up to its closing quote only: a ; right after it still ends the statement, one inside it does not', () => {
    expect(checkKql('ApiManagementGatewayLogs | where Url has ";"')).toEqual(OK('ApiManagementGatewayLogs'));
    expect(checkKql('ApiManagementGatewayLogs | where Url has "x"; ApiManagementGatewayLogs | take 1')).toMatchObject({ ok: false, problems: [{ kind: 'syntax' }] });
  });
});

describe('checkKql statements', () => {
  it('reads the table of a let statement however it is spaced', () => {
    expect(checkKql('let  recent=ApiManagementGatewayLogs| take 5;\nrecent')).toEqual(OK('ApiManagementGatewayLogs'));
    expect(checkKql('let recent = ApiManagementGatewayLogs;\nrecent | take 5')).toEqual(OK('ApiManagementGatewayLogs'));
  });

  it('accepts set and declare statements before the query', () => {
    expect(checkKql('set notruncation;\nApiManagementGatewayLogs | take 1')).toEqual(OK('ApiManagementGatewayLogs'));
  });

  it('fails when a statement before the query is a query or starts with no name', () => {
    for (const text of ['ApiManagementGatewayLogs | take 1; ApiManagementGatewayLogs', '(ApiManagementGatewayLogs | take 1); ApiManagementGatewayLogs']) {
      expect(checkKql(text)).toMatchObject({ ok: false, problems: [{ kind: 'syntax' }] });
    }
  });

  it('keeps a ; inside brackets (a function body) in its statement', () => {
    expect(checkKql('let recent = (n:long) { let cap = n; ContainerAppConsoleLogs | take cap };\nrecent(5)')).toMatchObject({ ok: true, problems: [] });
  });

  it('fails with a table problem when a join reads a table no diagnostic setting fills', () => {
    expect(checkKql('ApiManagementGatewayLogs | join kind=inner (AzureDiagnostics) on TimeGenerated')).toMatchObject({
      ok: false, problems: [{ kind: 'table', message: expect.stringContaining('"AzureDiagnostics"') }],
    });
  });
});

describe('checkKql table references', () => {
  it('reads union operands with spaces around the commas', () => {
    expect(checkKql('union ApiManagementGatewayLogs , ContainerAppConsoleLogs | take 5')).toEqual(OK('ApiManagementGatewayLogs', 'ContainerAppConsoleLogs'));
  });

  it('reads table() with spaces before its parenthesis or its string, and no name from table() of a column', () => {
    expect(checkKql('union table ( "ContainerAppConsoleLogs"), ApiManagementGatewayLogs')).toEqual(OK('ApiManagementGatewayLogs', 'ContainerAppConsoleLogs'));
    expect(checkKql('let t = "ContainerAppConsoleLogs";\nunion table(t), ApiManagementGatewayLogs | where Url == "AzureDiagnostics"')).toEqual(OK('ApiManagementGatewayLogs'));
  });

  it('reads a subquery in parentheses, with or without a space before its pipe', () => {
    expect(checkKql('union ApiManagementGatewayLogs, (ContainerAppSystemLogs| take 1)')).toEqual(OK('ApiManagementGatewayLogs', 'ContainerAppSystemLogs'));
    expect(checkKql('union ApiManagementGatewayLogs, (ContainerAppSystemLogs | take 1)')).toEqual(OK('ApiManagementGatewayLogs', 'ContainerAppSystemLogs'));
  });

  // Found by mutation testing: before the fix, union operands after a parenthesized subquery were never read.
  it('reads every union operand, also after a subquery and with commas inside one', () => {
    expect(checkKql('union (ContainerAppSystemLogs | take 1), AzureDiagnostics')).toMatchObject({
      ok: false, problems: [{ kind: 'table', message: expect.stringContaining('"AzureDiagnostics"') }],
    });
    expect(checkKql('union (ContainerAppSystemLogs | project TimeGenerated, Log, ContainerAppName), ApiManagementGatewayLogs'))
      .toEqual(OK('ApiManagementGatewayLogs', 'ContainerAppSystemLogs'));
    expect(checkKql('union ApiManagementGatewayLogs, ContainerAppSystemLogs | project TimeGenerated, Url'))
      .toEqual(OK('ApiManagementGatewayLogs', 'ContainerAppSystemLogs'));
  });

  it('fails when a plain string runs past the end of its line', () => {
    expect(checkKql('ApiManagementGatewayLogs | where Url has "a\nb"')).toMatchObject({ ok: false, problems: [{ kind: 'syntax' }] });
  });

  it('reads the table of materialize(), and not a column in a function call after a join', () => {
    expect(checkKql('let m = materialize(ContainerAppSystemLogs);\nm | take 1')).toEqual(OK('ContainerAppSystemLogs'));
    expect(checkKql('ApiManagementGatewayLogs | join kind=inner (ContainerAppConsoleLogs) on TimeGenerated | extend m = tostring(Method)'))
      .toEqual(OK('ApiManagementGatewayLogs', 'ContainerAppConsoleLogs'));
  });
});

describe('the built-in gateway queries', () => {
  it('tell gateway 429s (no backend response code) from service 429s (GW-10)', () => {
    expect(GATEWAY_VS_SERVICE_429_QUERY).toContain('where ResponseCode == 429');
    expect(GATEWAY_VS_SERVICE_429_QUERY).toContain('case(tostring(BackendResponseCode) in ("", "0"), "gateway", BackendResponseCode == 429, "service", "other")');
  });

  it('count rejections per subscription', () => {
    expect(REJECTIONS_PER_SUBSCRIPTION_QUERY).toMatch(/by ApimSubscriptionId\n/);
  });

  it('compute gateway overhead percentiles from TotalTime - BackendTime', () => {
    expect(GATEWAY_OVERHEAD_QUERY).toContain('extend GatewayOverheadMs = TotalTime - BackendTime');
    expect(GATEWAY_OVERHEAD_QUERY).toContain('percentiles(GatewayOverheadMs, 50, 95, 99)');
  });

  it('find clients that call again within one second of a 429', () => {
    expect(FAST_RETRY_AFTER_429_QUERY).toContain('PreviousResponseCode == 429 and TimeGenerated - PreviousTime < 1s');
    expect(FAST_RETRY_AFTER_429_QUERY).toContain('sort by Client asc, TimeGenerated asc');
  });
});

describe('GatewayQueryPack.defaultQueries', () => {
  it('returns the four built-in queries, in category monitor by default', () => {
    const queries = GatewayQueryPack.defaultQueries();
    expect(queries.map((q) => q.key)).toEqual(['gateway-vs-service-429', 'rejections-per-subscription', 'gateway-overhead', 'fast-retry-after-429']);
    expect(queries.map((q) => q.displayName)).toEqual([
      'Rate limiting: 429s from the gateway vs the service',
      'Rate limiting: rejections per subscription',
      'Rate limiting: gateway overhead percentiles',
      'Rate limiting: clients retrying within 1 s of a 429',
    ]);
    expect(queries.map((q) => q.body)).toEqual([GATEWAY_VS_SERVICE_429_QUERY, REJECTIONS_PER_SUBSCRIPTION_QUERY, GATEWAY_OVERHEAD_QUERY, FAST_RETRY_AFTER_429_QUERY]);
    expect(queries.every((q) => q.categories === undefined)).toBe(true);
  });

  it('returns copies: changing them changes neither the next call nor the pack', () => {
    const queries = GatewayQueryPack.defaultQueries();
    (queries[0] as { displayName: string }).displayName = 'Changed';
    queries.pop();
    expect(GatewayQueryPack.defaultQueries()).toHaveLength(4);
    expect(GatewayQueryPack.defaultQueries()[0].displayName).toBe('Rate limiting: 429s from the gateway vs the service');
    expect(queriesOf(build().tf).map((q) => q.display_name)).toContain('Rate limiting: 429s from the gateway vs the service');
  });

  it('can be re-added with other categories when the built-in ones are left out', () => {
    const queries = GatewayQueryPack.defaultQueries().map((q) => ({ ...q, categories: [QueryPackCategory.NETWORK] }));
    const { tf } = build({ includeDefaults: false, queries });
    expect(queriesOf(tf)).toHaveLength(4);
    expect(queriesOf(tf).every((q) => q.categories.length === 1 && q.categories[0] === 'network')).toBe(true);
  });
});

describe('GatewayQueryPack', () => {
  it('creates a query pack and one saved query per built-in query, in category monitor', () => {
    const { tf } = build();
    expect(resourceOf(tf, 'azurerm_log_analytics_query_pack')).toMatchObject({ name: 'pack-rl', resource_group_name: 'rg-test', location: 'westeurope' });
    const queries = queriesOf(tf);
    expect(queries.map((q) => q.display_name).sort()).toEqual(GATEWAY_QUERIES.map((q) => q.displayName).sort());
    for (const query of queries) {
      const source = GATEWAY_QUERIES.find((q) => q.displayName === query.display_name)!;
      expect(query).toMatchObject({ body: source.body, description: source.description, categories: ['monitor'], resource_types: ['microsoft.apimanagement/service'] });
      expect(query.query_pack_id).toMatch(/^\$\{azurerm_log_analytics_query_pack\.queries_pack_[0-9A-F]+\.id\}$/);
      expect(query.name).toMatch(UUID);
    }
  });

  it('gives each query a stable UUID, the same on every synth', () => {
    const names = (tf: ReturnType<typeof synth>) => queriesOf(tf).map((q) => q.name).sort();
    expect(names(build().tf)).toEqual(names(build().tf));
    expect(new Set(names(build().tf)).size).toBe(GATEWAY_QUERIES.length);
    expect(stableUuid('a')).not.toBe(stableUuid('b'));
    // Pinned: a change here renames (replaces) every saved query of every deployed pack.
    expect(stableUuid('gateway-vs-service-429')).toBe('30d9026e-b9ad-5400-8430-15b4e0e95d9a');
  });

  it('adds a team query after the built-in ones', () => {
    const team: GatewayQuery = {
      key: 'console-errors', displayName: 'Limiter errors', description: 'Errors the limiter logs.',
      body: 'ContainerAppConsoleLogs | where Log has "RateLimiter"', categories: [QueryPackCategory.CONTAINER],
    };
    const { pack, tf } = build({ queries: [team] });
    expect(Object.keys(pack.queries)).toEqual([...GATEWAY_QUERIES.map((q) => q.key), 'console-errors']);
    expect(queriesOf(tf).find((q) => q.display_name === 'Limiter errors')).toMatchObject({ categories: ['container'] });
  });

  it('takes several categories as Log Analytics spells them', () => {
    const { tf } = build({
      includeDefaults: false,
      queries: [{ key: 'audit', displayName: 'Audit', description: 'Audit.', body: 'ApiManagementGatewayLogs | take 10', categories: [QueryPackCategory.AUDIT, QueryPackCategory.SECURITY] }],
    });
    expect(queriesOf(tf)[0].categories).toEqual(['audit', 'security']);
  });

  it('reads the tables it is given in knownTables', () => {
    const { tf } = build({
      includeDefaults: false, knownTables: ['AppRequests'],
      queries: [{ key: 'requests', displayName: 'Requests', description: 'Requests.', body: 'AppRequests | take 10' }],
    });
    expect(queriesOf(tf).map((q) => q.body)).toEqual(['AppRequests | take 10']);
  });

  it('fails when the built-in queries read a table knownTables leaves out (GW-10)', () => {
    expect(() => build({ knownTables: ['AppRequests'] })).toThrow(
      /^\[GW-10\] test\/queries: queries\["gateway-vs-service-429"\]\.body = "ApiManagementGatewayLogs": .* Fix: read the tables the diagnostic settings fill \(AppRequests\); gateway logs are in ApiManagementGatewayLogs\.$/);
  });

  it('can leave out the built-in queries', () => {
    const { tf } = build({ includeDefaults: false, queries: [{ key: 'one', displayName: 'One', description: 'One.', body: 'ApiManagementGatewayLogs | take 10' }] });
    expect(queriesOf(tf)).toHaveLength(1);
  });

  it('fails when a team query reads AzureDiagnostics (GW-10)', () => {
    expect(() => build({ queries: [{ key: 'legacy', displayName: 'Legacy', description: 'Old table.', body: 'AzureDiagnostics\n| where ResponseCode == 429' }] }))
      .toThrow(/^\[GW-10\] test\/queries: queries\["legacy"\]\.body = "AzureDiagnostics": the query starts from "AzureDiagnostics", .* Fix: read the tables the diagnostic settings fill \(ApiManagementGatewayLogs, ApiManagementWebSocketConnectionLogs, ContainerAppConsoleLogs, ContainerAppSystemLogs\); gateway logs are in ApiManagementGatewayLogs\.$/);
  });

  it('fails when a team query has unbalanced brackets (AZURE)', () => {
    expect(() => build({ queries: [{ key: 'broken', displayName: 'Broken', description: 'Broken.', body: 'ApiManagementGatewayLogs | summarize count() by bin(TimeGenerated, 5m' }] }))
      .toThrow('[AZURE] test/queries: queries["broken"].body = "ApiManagementGatewayLogs | summarize count() by bin(TimeGenerated, 5m": "(" opened at line 1, column 52 is never closed. Fix: fix the query in the Log Analytics editor, then paste it back.');
  });

  it('fails when two queries share a display name or a key (AZURE)', () => {
    const copy = { ...GATEWAY_QUERIES[0], key: 'copy' };
    expect(() => build({ queries: [copy] })).toThrow(/^\[AZURE\] test\/queries: queries\["copy"\]\.displayName = "Rate limiting: 429s from the gateway vs the service": display names are unique within a query pack/);
    expect(() => build({ queries: [{ ...GATEWAY_QUERIES[0], displayName: 'Other' }] }))
      .toThrow(/^\[AZURE\] test\/queries: queries\["gateway-vs-service-429"\]\.key = "gateway-vs-service-429": another query of the pack has this key\./);
  });

  it('fails when a key is not lower-case letters, digits and hyphens', () => {
    expect(() => build({ queries: [{ key: 'My Query', displayName: 'Mine', description: 'Mine.', body: 'ApiManagementGatewayLogs' }] }))
      .toThrow(/^\[AZURE\] test\/queries: queries\["My Query"\]\.key = "My Query": the key becomes a construct id/);
  });

  it('fails when a category is unknown', () => {
    expect(() => build({ queries: [{ key: 'x', displayName: 'X', description: 'X.', body: 'ApiManagementGatewayLogs', categories: ['gateway' as QueryPackCategory] }] }))
      .toThrow(/^\[AZURE\] test\/queries: queries\["x"\]\.categories = "gateway": Log Analytics has no such query category\./);
  });
});

describe('GatewayQueryPack refusal edges', () => {
  const pack = (query: { key?: string; displayName?: string; body?: string }) => () => {
    const stack = testStack();
    new GatewayQueryPack(stack, 'queries', {
      name: 'pack-rl', resourceGroupName: 'rg-test', location: 'westeurope', includeDefaults: false,
      queries: [{ key: 'mine', displayName: 'Mine', description: 'A query.', body: 'ApiManagementGatewayLogs | take 1', ...query }],
    });
  };

  it('takes a key of 63 characters', () => {
    expect(pack({ key: `a${'b'.repeat(62)}` })).not.toThrow();
  });

  it.each(['gateway-Errors', `a${'b'.repeat(63)}`])('fails when the key is %s', (key) => {
    expect(refusalOf(pack({ key }))).toMatchObject({ lesson: 'AZURE', setting: `queries[${JSON.stringify(key)}].key` });
  });

  it.each(['', '   '])('fails when the display name is %j', (displayName) => {
    expect(refusalOf(pack({ displayName }))).toMatchObject({ lesson: 'AZURE', setting: 'queries["mine"].displayName' });
  });

  it('fails under GW-10 when the body has a table problem besides a syntax problem', () => {
    expect(refusalOf(pack({ body: 'ApiManagementGatewayLogs | take 1; AzureDiagnostics | take 1' })))
      .toMatchObject({ lesson: 'GW-10', setting: 'queries["mine"].body' });
  });

  it('shows the first line of the body, trimmed, as the value given', () => {
    expect(refusalOf(pack({ body: '\n  AzureDiagnostics | take 1\n| project Url' })).message)
      .toMatch(/: queries\["mine"\]\.body = "AzureDiagnostics \| take 1": /);
  });

  it('shows a first line of 80 characters whole, and a longer one cut to 77 and ...', () => {
    const line = (n: number) => `AzureDiagnostics | where Url == "${'x'.repeat(n - 34)}"`;
    expect(line(80)).toHaveLength(80);
    expect(refusalOf(pack({ body: line(80) })).message).toContain(`body = ${JSON.stringify(line(80))}: `);
    expect(refusalOf(pack({ body: line(81) })).message).toContain(`body = ${JSON.stringify(`${line(81).slice(0, 77)}...`)}: `);
  });
});

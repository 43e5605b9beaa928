import { describe, expect, it } from 'vitest';
import { checkKql } from '../constructs/monitoring/kql';
import { DiagnosticSettings } from '../constructs/monitoring/diagnostic-settings';
import { LogAnalytics } from '../constructs/monitoring/log-analytics';
import { GatewayQueryPack } from '../constructs/monitoring/query-pack';
import { refusalOf } from './support/refusal';
import { resourceOf, synth, testStack } from './support/synth';

// Behaviour of constructs/monitoring the other suites leave open: the lexer and statement rules
// of the KQL checker, the defaults of DiagnosticSettings, and the edges of the query pack and
// workspace refusals.

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

describe('DiagnosticSettings', () => {
  const settingOf = (props: Partial<ConstructorParameters<typeof DiagnosticSettings>[2]> = {}) => {
    const stack = testStack();
    new DiagnosticSettings(stack, 'diag', { targetResourceId: '/r', workspaceId: '/w', ...props });
    return resourceOf(synth(stack), 'azurerm_monitor_diagnostic_setting');
  };

  it('sends all logs and all metrics to dedicated tables by default', () => {
    expect(settingOf()).toEqual({
      name: 'to-log-analytics', target_resource_id: '/r', log_analytics_workspace_id: '/w', log_analytics_destination_type: 'Dedicated',
      enabled_log: [{ category_group: 'allLogs' }], enabled_metric: [{ category: 'AllMetrics' }],
    });
  });

  it('sends the given categories only, under the given name, without metrics or dedicated tables when told', () => {
    expect(settingOf({ name: 'gateway', logCategories: ['GatewayLogs', 'WebSocketConnectionLogs'], metrics: false, dedicated: false })).toEqual({
      name: 'gateway', target_resource_id: '/r', log_analytics_workspace_id: '/w',
      enabled_log: [{ category: 'GatewayLogs' }, { category: 'WebSocketConnectionLogs' }],
    });
  });

  it('sends the given category groups', () => {
    expect(settingOf({ logCategoryGroups: ['audit'] }).enabled_log).toEqual([{ category_group: 'audit' }]);
  });
});

describe('LogAnalytics daily cap', () => {
  const workspace = (dailyQuotaGb?: number) => {
    const stack = testStack();
    new LogAnalytics(stack, 'log', { name: 'log-test', resourceGroupName: 'rg', location: 'westeurope', ...(dailyQuotaGb === undefined ? {} : { dailyQuotaGb }) });
    return resourceOf(synth(stack), 'azurerm_log_analytics_workspace');
  };

  it('sets the cap when given, and none otherwise', () => {
    expect(workspace(0.5).daily_quota_gb).toBe(0.5);
    expect(workspace()).not.toHaveProperty('daily_quota_gb');
  });

  it.each([0, -1, Number.NaN])('fails when dailyQuotaGb is %s', (dailyQuotaGb) => {
    expect(refusalOf(() => workspace(dailyQuotaGb))).toMatchObject({ lesson: 'AZURE', path: 'test/log', setting: 'dailyQuotaGb' });
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

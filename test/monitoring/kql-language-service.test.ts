import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_TABLES } from '../../constructs/monitoring/kql';
import { GATEWAY_QUERIES } from '../../constructs/monitoring/query-pack';
import { kqlDiagnostics } from '../support/kusto';
import {
  API_MANAGEMENT_GATEWAY_LOGS, CONTAINER_APP_CONSOLE_LOGS, CONTAINER_APP_SYSTEM_LOGS, LOG_TABLES,
} from '../support/log-tables';

// Microsoft's parser and binder (Kusto.Language) against the Azure Monitor table reference: a
// saved query that names a column the table lacks, or calls a function with the wrong types,
// fails here instead of in the portal. kql.ts only checks brackets, quotes and table names.

describe('table schemas', () => {
  it('cover exactly the tables the diagnostic settings create', () => {
    expect(LOG_TABLES.map((table) => table.name).sort()).toEqual([...DIAGNOSTIC_TABLES].sort());
  });

  it('name each column once', () => {
    for (const table of LOG_TABLES) {
      const names = table.columns.map((column) => column.name);
      expect(new Set(names).size, table.name).toBe(names.length);
    }
  });
});

describe('saved queries bind against the Log Analytics tables', () => {
  it.each(GATEWAY_QUERIES.map((query) => [query.key, query.body] as const))('%s', (_key, body) => {
    expect(kqlDiagnostics(body, LOG_TABLES)).toEqual([]);
  });
});

describe('queries over the other tables', () => {
  // One per table the saved queries do not read, so the Container Apps and WebSocket schemas are
  // bound at least once. The first is Microsoft's sample query for ContainerAppConsoleLogs.
  it.each([
    'ContainerAppConsoleLogs\n| where Stream == "stderr"\n| order by TimeGenerated desc\n| top 100 by TimeGenerated',
    'ContainerAppSystemLogs\n| where Reason has "Probe"\n| summarize Events = sum(Count) by ContainerAppName, RevisionName, bin(TimeGenerated, 5m)',
    'ApiManagementWebSocketConnectionLogs\n| where isnotempty(Error)\n| summarize Errors = count(), Sources = dcount(Source) by EventName, Region',
  ])('%s', (query) => {
    expect(kqlDiagnostics(query, LOG_TABLES)).toEqual([]);
  });
});

describe('kqlDiagnostics', () => {
  it('fails when a column is misspelt', () => {
    expect(kqlDiagnostics('ApiManagementGatewayLogs | where ResponseCod == 429', LOG_TABLES)).toEqual([
      "line 1, column 34: The name 'ResponseCod' does not refer to any known column, table, variable or function.",
    ]);
  });

  it('fails when a column is in another table', () => {
    const errors = kqlDiagnostics('ContainerAppConsoleLogs\n| where ResponseCode == 429', LOG_TABLES);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^line 2, column 9: .*'ResponseCode'/);
  });

  it('fails when a table is not in the schema', () => {
    const errors = kqlDiagnostics('AzureDiagnostics\n| where ResponseCode == 429', LOG_TABLES);
    expect(errors[0]).toBe("line 1, column 1: The name 'AzureDiagnostics' does not refer to any known table, tabular variable or function.");
  });

  it('binds only the tables it is given', () => {
    expect(kqlDiagnostics('ContainerAppSystemLogs | take 1', [CONTAINER_APP_CONSOLE_LOGS])).toHaveLength(1);
    expect(kqlDiagnostics('ContainerAppSystemLogs | take 1', [CONTAINER_APP_SYSTEM_LOGS])).toEqual([]);
  });

  it('fails on a syntax error', () => {
    expect(kqlDiagnostics('ApiManagementGatewayLogs\n| summarize count() by bin(TimeGenerated, 5m', LOG_TABLES)).toEqual([
      'line 2, column 45: Expected: )',
    ]);
  });

  it('fails when the types do not fit', () => {
    expect(kqlDiagnostics('ApiManagementGatewayLogs | summarize count() by bin(ApiId, 5m)', [API_MANAGEMENT_GATEWAY_LOGS]))
      .toEqual(["line 1, column 49: The function 'bin' is not compatible with arguments (string, timespan)"]);
    expect(kqlDiagnostics('ApiManagementGatewayLogs | where TimeGenerated > 5', [API_MANAGEMENT_GATEWAY_LOGS]))
      .toEqual(["line 1, column 48: The operator '>' is not defined for the operand types datetime and long."]);
  });

  it('fails on an unknown function', () => {
    expect(kqlDiagnostics('ApiManagementGatewayLogs | extend Client = coalesce_all(ApimSubscriptionId)', LOG_TABLES))
      .toEqual(["line 1, column 44: The name 'coalesce_all' does not refer to any known function."]);
  });

  it('knows the Log Analytics operators and functions the saved queries use', () => {
    const query = `ApiManagementGatewayLogs
| extend Kind = case(isempty(ApimSubscriptionId), "anonymous", "subscribed"), Gateway = iff(BackendResponseCode == 0, 1, 0)
| sort by TimeGenerated asc
| extend Previous = prev(TimeGenerated)
| summarize Requests = count(), Rejected = countif(ResponseCode == 429), percentiles(TotalTime, 50, 95, 99),
    Apis = make_set(ApiId, 10), Share = round(100.0 * countif(ResponseCode == 429) / count(), 1)
    by Kind, bin(TimeGenerated, 5m)
| render timechart`;
    expect(kqlDiagnostics(query, LOG_TABLES)).toEqual([]);
  });
});

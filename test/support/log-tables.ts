/**
 * Column schemas of the Log Analytics tables this platform's diagnostic settings fill
 * (`DIAGNOSTIC_TABLES` in constructs/monitoring/kql.ts), as Microsoft's Azure Monitor Logs table
 * reference lists them: every column, in the reference's order, with its Kusto type. Test-only:
 * `kqlDiagnostics` (test/support/kusto.ts) binds saved queries against them, so a misspelt or
 * removed column fails a test. Update a table from its reference page when Azure changes it; add no
 * column the page lacks.
 */

/** The scalar types a Log Analytics column can have. */
export type KustoScalarType =
  | 'string' | 'int' | 'long' | 'real' | 'decimal' | 'datetime' | 'timespan' | 'bool' | 'dynamic' | 'guid';

export interface LogColumn {
  readonly name: string;
  readonly type: KustoScalarType;
}

export interface LogTable {
  readonly name: string;
  readonly columns: readonly LogColumn[];
}

function table(name: string, columns: readonly (readonly [string, KustoScalarType])[]): LogTable {
  return { name, columns: columns.map(([column, type]) => ({ name: column, type })) };
}

/**
 * ApiManagementGatewayLogs: one row per gateway request (diagnostic category `GatewayLogs`).
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/apimanagementgatewaylogs
 * Checked against the generated page source (MicrosoftDocs/azure-monitor-docs,
 * articles/azure-monitor/reference/tables/apimanagementgatewaylogs.md, ms.date 07/27/2026): 59 columns.
 */
export const API_MANAGEMENT_GATEWAY_LOGS: LogTable = table('ApiManagementGatewayLogs', [
  ['ApiId', 'string'], ['ApimSubscriptionId', 'string'], ['ApiRevision', 'string'], ['BackendId', 'string'],
  ['BackendMethod', 'string'], ['BackendProtocol', 'string'], ['BackendRequestBody', 'string'],
  ['BackendRequestHeaders', 'dynamic'], ['BackendResponseBody', 'string'], ['BackendResponseCode', 'int'],
  ['BackendResponseHeaders', 'dynamic'], ['BackendTime', 'long'], ['BackendUrl', 'string'],
  ['_BilledSize', 'real'], ['Cache', 'string'], ['CacheTime', 'long'], ['CallerIpAddress', 'string'],
  ['Category', 'string'], ['ClientProtocol', 'string'], ['ClientTime', 'long'], ['ClientTlsVersion', 'string'],
  ['CorrelationId', 'string'], ['Errors', 'dynamic'], ['_IsBillable', 'string'], ['IsMasterTrace', 'bool'],
  ['IsRequestSuccess', 'bool'], ['IsTraceAllowed', 'bool'], ['IsTraceExpired', 'bool'],
  ['IsTraceRequested', 'bool'], ['LastErrorElapsed', 'long'], ['LastErrorMessage', 'string'],
  ['LastErrorReason', 'string'], ['LastErrorScope', 'string'], ['LastErrorSection', 'string'],
  ['LastErrorSource', 'string'], ['Method', 'string'], ['OperationId', 'string'], ['OperationName', 'string'],
  ['ProductId', 'string'], ['Region', 'string'], ['RequestBody', 'string'], ['RequestHeaders', 'dynamic'],
  ['RequestSize', 'int'], ['_ResourceId', 'string'], ['ResponseBody', 'string'], ['ResponseCode', 'int'],
  ['ResponseHeaders', 'dynamic'], ['ResponseSize', 'int'], ['SourceSystem', 'string'],
  ['_SubscriptionId', 'string'], ['TenantId', 'string'], ['TimeGenerated', 'datetime'],
  ['Timestamp', 'datetime'], ['TotalTime', 'long'], ['TraceRecords', 'dynamic'], ['Type', 'string'],
  ['Url', 'string'], ['UserId', 'string'], ['WorkspaceId', 'string'],
]);

/**
 * ApiManagementWebSocketConnectionLogs: WebSocket connection events of the gateway
 * (diagnostic category `WebSocketConnectionLogs`).
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/apimanagementwebsocketconnectionlogs
 * Checked against the generated page source (MicrosoftDocs/azure-monitor-docs,
 * articles/azure-monitor/reference/tables/apimanagementwebsocketconnectionlogs.md, ms.date 07/27/2026):
 * 14 columns.
 */
export const API_MANAGEMENT_WEBSOCKET_CONNECTION_LOGS: LogTable = table('ApiManagementWebSocketConnectionLogs', [
  ['_BilledSize', 'real'], ['CorrelationId', 'string'], ['Destination', 'string'], ['Error', 'string'],
  ['EventName', 'string'], ['_IsBillable', 'string'], ['Region', 'string'], ['_ResourceId', 'string'],
  ['Source', 'string'], ['SourceSystem', 'string'], ['_SubscriptionId', 'string'], ['TenantId', 'string'],
  ['TimeGenerated', 'datetime'], ['Type', 'string'],
]);

/**
 * ContainerAppConsoleLogs: stdout and stderr of the containers (and Dapr sidecars) of an environment's apps.
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/containerappconsolelogs
 * The page (MicrosoftDocs/azure-monitor-docs, ms.date 10/31/2025) takes its column table from an include
 * that is not in a public repository; the columns are those of that include's last public version
 * (MicrosoftDocs/azure-reference-other,
 * azure-monitor-ref/tables/includes/containerappconsolelogs-include.md, ms.date 07/30/2024), and they
 * match the rendered page (learn.microsoft.com, docs.azure.cn): 21 columns.
 */
export const CONTAINER_APP_CONSOLE_LOGS: LogTable = table('ContainerAppConsoleLogs', [
  ['_BilledSize', 'real'], ['ContainerAppName', 'string'], ['ContainerGroupId', 'string'],
  ['ContainerGroupName', 'string'], ['ContainerId', 'string'], ['ContainerImage', 'string'],
  ['ContainerName', 'string'], ['EnvironmentName', 'string'], ['_IsBillable', 'string'], ['JobName', 'string'],
  ['Location', 'string'], ['Log', 'string'], ['OperationName', 'string'], ['_ResourceId', 'string'],
  ['RevisionName', 'string'], ['SourceSystem', 'string'], ['Stream', 'string'], ['_SubscriptionId', 'string'],
  ['TenantId', 'string'], ['TimeGenerated', 'datetime'], ['Type', 'string'],
]);

/**
 * ContainerAppSystemLogs: platform logs of a Container Apps environment (revisions, Dapr, KEDA, Envoy).
 * https://learn.microsoft.com/azure/azure-monitor/reference/tables/containerappsystemlogs
 * Checked against the generated page source (MicrosoftDocs/azure-monitor-docs,
 * articles/azure-monitor/reference/tables/containerappsystemlogs.md, ms.date 07/27/2026): 22 columns.
 * Here `Type` is documented as the severity of the event, not the table name; it is a string either way.
 */
export const CONTAINER_APP_SYSTEM_LOGS: LogTable = table('ContainerAppSystemLogs', [
  ['_BilledSize', 'real'], ['ComponentName', 'string'], ['ComponentType', 'string'],
  ['ContainerAppName', 'string'], ['ContainerName', 'string'], ['Count', 'int'], ['EnvironmentName', 'string'],
  ['EventSource', 'string'], ['_IsBillable', 'string'], ['JobName', 'string'], ['Location', 'string'],
  ['Log', 'string'], ['OperationName', 'string'], ['Reason', 'string'], ['ReplicaName', 'string'],
  ['_ResourceId', 'string'], ['RevisionName', 'string'], ['SourceSystem', 'string'],
  ['_SubscriptionId', 'string'], ['TenantId', 'string'], ['TimeGenerated', 'datetime'], ['Type', 'string'],
]);

/** Every table a diagnostic setting of the platform creates. */
export const LOG_TABLES: readonly LogTable[] = [
  API_MANAGEMENT_GATEWAY_LOGS,
  API_MANAGEMENT_WEBSOCKET_CONNECTION_LOGS,
  CONTAINER_APP_CONSOLE_LOGS,
  CONTAINER_APP_SYSTEM_LOGS,
];

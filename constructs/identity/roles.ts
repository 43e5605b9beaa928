/**
 * An Azure built-in role: the name role assignments are made with and the role definition id
 * (the same in every tenant), so constructs never spell a role as a loose string.
 */
export class BuiltInRole {
  /** Pull images from a container registry (SEC-2). */
  public static readonly ACR_PULL = new BuiltInRole('AcrPull', '7f951dda-4ed3-4680-a7ca-43fe172d538d');
  /** Full access to blob containers and data, including POSIX ACLs (the Functions host's deployment container). */
  public static readonly STORAGE_BLOB_DATA_OWNER = new BuiltInRole('Storage Blob Data Owner', 'b7e6dc6d-f1e8-4753-8033-0f276bb0955b');
  /** Read, write and delete blobs. */
  public static readonly STORAGE_BLOB_DATA_CONTRIBUTOR = new BuiltInRole('Storage Blob Data Contributor', 'ba92f5b4-2d11-453d-a403-e96b0029c9fe');
  /** Read and list blobs. */
  public static readonly STORAGE_BLOB_DATA_READER = new BuiltInRole('Storage Blob Data Reader', '2a2b9908-6ea1-4ae2-8e65-a410df84e7d1');
  /** Read, write and delete queues and queue messages. */
  public static readonly STORAGE_QUEUE_DATA_CONTRIBUTOR = new BuiltInRole('Storage Queue Data Contributor', '974c5e8b-45b9-4653-ba55-5f855dd0fb88');
  /** Add messages to a queue. */
  public static readonly STORAGE_QUEUE_DATA_MESSAGE_SENDER = new BuiltInRole('Storage Queue Data Message Sender', 'c6a89b2d-59bc-44d0-9896-0f6e12d7b80a');
  /** Peek, receive and delete queue messages. */
  public static readonly STORAGE_QUEUE_DATA_MESSAGE_PROCESSOR = new BuiltInRole('Storage Queue Data Message Processor', '8a0f0c08-91a1-4084-bc3d-661d67233fed');
  /** Read queues and peek messages. */
  public static readonly STORAGE_QUEUE_DATA_READER = new BuiltInRole('Storage Queue Data Reader', '19e7f393-937e-4f77-808e-94535e297925');
  /** Read, write and delete tables and entities. */
  public static readonly STORAGE_TABLE_DATA_CONTRIBUTOR = new BuiltInRole('Storage Table Data Contributor', '0a9a7e1f-b9d0-4cc4-a60d-0319b160aaa3');
  /** Read tables and entities. */
  public static readonly STORAGE_TABLE_DATA_READER = new BuiltInRole('Storage Table Data Reader', '76199698-9eea-4c19-bc75-cec21354c6b6');
  /** Read secret values (a gateway's Key Vault-backed named value). */
  public static readonly KEY_VAULT_SECRETS_USER = new BuiltInRole('Key Vault Secrets User', '4633458b-17de-408a-b874-0445c86b69e6');
  /** Manage secrets (not read their values through RBAC alone): for the team that puts them there. */
  public static readonly KEY_VAULT_SECRETS_OFFICER = new BuiltInRole('Key Vault Secrets Officer', 'b86a8fe4-44ce-4948-aee5-eccb2c155cd7');
  /** Publish events to an Event Grid topic. */
  public static readonly EVENTGRID_DATA_SENDER = new BuiltInRole('EventGrid Data Sender', 'd5a91429-5739-47e2-a06b-3470a27159e7');
  /** Publish metrics and telemetry with Entra ID (Application Insights with local auth off). */
  public static readonly MONITORING_METRICS_PUBLISHER = new BuiltInRole('Monitoring Metrics Publisher', '3913510d-42f4-4e42-8a64-420c390055eb');
  /** Read monitoring data and query Log Analytics. */
  public static readonly LOG_ANALYTICS_READER = new BuiltInRole('Log Analytics Reader', '73c42c96-874c-492b-b04d-ab87d138a893');

  /** A built-in role by its name and definition id, for roles this class does not list yet. */
  public static of(roleName: string, roleDefinitionId: string): BuiltInRole {
    return new BuiltInRole(roleName, roleDefinitionId);
  }

  private constructor(
    /** The role's name, e.g. `AcrPull`: what the role assignment names (`role_definition_name`). */
    public readonly roleName: string,
    /** The role definition's GUID, the same in every tenant. */
    public readonly roleDefinitionId: string,
  ) {}
}

import { Construct } from 'constructs';
import { ApplicationInsights as ApplicationInsightsResource } from '@cdktf/provider-azurerm/lib/application-insights';
import { checkName } from '../core/naming';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';
import { BuiltInRole } from '../identity/roles';
import { grantOn } from '../identity/grant-on';
import { AzureRegion } from '../core/azure-region';
import { FUNCTIONS_SERVICE } from './functions-service';

export interface ApplicationInsightsProps {
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  /** The Log Analytics workspace the telemetry lands in (workspace-based Application Insights). */
  readonly logAnalyticsWorkspaceId: string;
}

/**
 * Workspace-based Application Insights that accepts Entra ID telemetry only (`local_authentication_disabled`,
 * SEC-1): a sender needs the Monitoring Metrics Publisher role (`grantPublish`) and
 * `APPLICATIONINSIGHTS_AUTHENTICATION_STRING`. The connection string that remains carries the
 * instrumentation key, which Microsoft documents as an identifier, not a secret; with local
 * authentication off it cannot send telemetry on its own.
 */
export class ApplicationInsights extends Construct {
  public readonly component: ApplicationInsightsResource;
  public readonly componentId: string;
  /** For `APPLICATIONINSIGHTS_CONNECTION_STRING` (no secret: see the class docs). */
  public readonly connectionString: string;

  constructor(scope: Construct, id: string, props: ApplicationInsightsProps) {
    super(scope, id);
    AzureRegion.check(this, 'location', props.location);
    checkName(this, 'name', props.name, FUNCTIONS_SERVICE.names.applicationInsights);
    this.component = new ApplicationInsightsResource(this, 'component', {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      applicationType: 'web',
      workspaceId: props.logAnalyticsWorkspaceId,
      localAuthenticationDisabled: true,
    });
    this.componentId = this.component.id;
    this.connectionString = this.component.connectionString;
  }

  /** Monitoring Metrics Publisher: send telemetry with Entra ID. */
  public grantPublish(principal: IPrincipal, id?: string): Grant {
    return grantOn(this, 'publish', BuiltInRole.MONITORING_METRICS_PUBLISHER, principal, this.componentId, id);
  }
}

import { IConstruct } from 'constructs';
import { ITimeoutLayer } from '../core/request-path';
import { IPrincipal } from '../identity/principal';

/** A function app the gateway can route to: a `FlexFunctionApp`, or one of the same shape. */
export interface IFunctionAppBackend extends IConstruct, ITimeoutLayer {
  /** `<name>.azurewebsites.net`. */
  readonly defaultHostName: string;
  /** Resource id of the app. */
  readonly siteId: string;
  /** The Entra application the app's App Service Authentication accepts tokens for, if any. */
  readonly entraApplicationId?: string;
  /** Let `principal` through the app's App Service Authentication. */
  allowCaller(principal: IPrincipal): void;
}

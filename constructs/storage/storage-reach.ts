import { IConstruct } from 'constructs';
import { ReachWording, ResourceCaller, refuseUnreachable as refuseUnreachableResource } from '../resource/reachability';
import type { IStorageAccount } from './storage-account-interface';

/** A storage service an account can be reached on privately. */
export enum StorageService {
  BLOB = 'blob',
  QUEUE = 'queue',
  TABLE = 'table',
}

/** Who calls a storage account, for `refuseUnreachable` (a `ResourceCaller`). */
export type StorageCaller = ResourceCaller;

/** How a storage account's reachability refusal names it (SEC-1). */
export const STORAGE_REACH_WORDING: ReachWording = {
  noun: 'the account',
  endpointFor: (service) => `the account's ${service} service`,
  addEndpoint: (service) => `account.addPrivateEndpoint(network, StorageService.${service.toUpperCase()})`,
};

/**
 * Refuse, at synth, an account of this app that `caller` cannot reach for `service` (SEC-1): its
 * public endpoint is off, or admits only trusted services, and the caller has no private endpoint
 * for that service in its network, so every call would fail. Checked at synth, so the account's
 * endpoints may be added after the caller.
 */
export function refuseUnreachable(scope: IConstruct, setting: string, account: IStorageAccount, service: StorageService, caller: StorageCaller): void {
  refuseUnreachableResource(scope, setting, account, service, caller, STORAGE_REACH_WORDING);
}

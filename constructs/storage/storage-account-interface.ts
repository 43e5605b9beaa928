import { IConstruct } from 'constructs';
import { Grant } from '../identity/grant';
import { IPrincipal } from '../identity/principal';

/** A storage account, created here (`StorageAccount`) or owned by another team (`StorageAccount.fromExisting`). */
export interface IStorageAccount extends IConstruct {
  /** Resource id. */
  readonly accountId: string;
  /** Account name (what identity-based connections name: `AzureWebJobsStorage__accountName`). */
  readonly accountName: string;
  /** `https://<name>.blob.core.windows.net/` (with the trailing slash). */
  readonly blobEndpoint: string;
  /** Storage Blob Data Owner on the whole account (the Functions host's own storage needs it). @param id @default - the principal's grant key */
  grantBlobDataOwner(principal: IPrincipal, id?: string): Grant;
  /** Storage Blob Data Contributor on the whole account. */
  grantBlobDataContributor(principal: IPrincipal, id?: string): Grant;
  /** Storage Queue Data Contributor on the whole account. */
  grantQueueDataContributor(principal: IPrincipal, id?: string): Grant;
  /** Storage Table Data Contributor on the whole account. */
  grantTableDataContributor(principal: IPrincipal, id?: string): Grant;
}

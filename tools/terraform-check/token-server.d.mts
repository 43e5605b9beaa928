// Types of token-server.mjs, for the tests.
export const OFFLINE_IDS: { tenantId: string; subscriptionId: string; objectId: string; clientId: string };
export const SECOND_IDENTITY: { objectId: string; clientId: string };
export function startTokenServer(identity?: { objectId: string; clientId: string }): Promise<{ url: string; readonly served: number; close(): Promise<void> }>;

import { RuleLevel } from '../lessons-check/pack';
import { ServiceRule } from '../lessons-check/service-rules';
import { ConnectionHoldingScaleRule } from './rules/connection-scale-rule';
import { GrpcBehindBrowserRouteRule } from './rules/grpc-behind-browser-route';
import { InfrastructureResourceGroupRule } from './rules/infrastructure-resource-group';
import { ContainerAppKeyVaultSecretAccessRule } from './rules/key-vault-secret-access';
import { ContainerAppPlainSecretRule } from './rules/plain-secret';
import { RegistryAdminUserRule } from './rules/registry-admin-user';
import { ProductionImageRule } from './rules/release-image';
import { StreamingBackendTransportRule } from './rules/streaming-backend-transport';
import { WebSocketBackendTransportRule } from './rules/websocket-backend-transport';

/** The Container Apps (and the registry they pull from) rules of the platform lessons pack, with their levels (the generated service index lists them for the pack). */
export const CONTAINER_APPS_RULES: ServiceRule[] = [
  { create: () => new GrpcBehindBrowserRouteRule(), level: RuleLevel.WARNING },
  { create: () => new ConnectionHoldingScaleRule(), level: RuleLevel.WARNING },
  { create: () => new InfrastructureResourceGroupRule(), level: RuleLevel.ERROR },
  { create: () => new RegistryAdminUserRule(), level: RuleLevel.ERROR },
  { create: () => new ProductionImageRule(), level: RuleLevel.ERROR },
  { create: () => new ContainerAppPlainSecretRule(), level: RuleLevel.ERROR },
  { create: () => new ContainerAppKeyVaultSecretAccessRule(), level: RuleLevel.ERROR },
  { create: () => new StreamingBackendTransportRule(), level: RuleLevel.ERROR },
  { create: () => new WebSocketBackendTransportRule(), level: RuleLevel.ERROR },
];

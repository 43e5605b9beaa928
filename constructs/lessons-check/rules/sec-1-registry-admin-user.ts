import { LessonRule } from '../rule';

/** SEC-1: no registry admin user; pulls use managed identity with AcrPull (SEC-2). */
export const registryAdminUserRule: LessonRule = {
  lesson: 'SEC-1',
  level: 'error',
  resourceTypes: ['azurerm_container_registry'],
  check(attributes) {
    if (attributes.admin_enabled === true) {
      return {
        setting: 'admin_enabled', given: true,
        problem: 'the admin user is a shared password for the whole registry.',
        fix: 'set admin_enabled = false and grant AcrPull to the pulling identity (DualIngressContainerApp does).',
      };
    }
    return undefined;
  },
};

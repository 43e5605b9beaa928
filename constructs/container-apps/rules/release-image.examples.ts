import { RuleExamples, raw } from '../../lessons-check/rule-examples';

// RELEASE: a production app on a sample image, or one without a version tag or digest.
export const EXAMPLES: RuleExamples = {
  rule: 'RELEASE.ProductionImage',
  finds: 'in a production stack, an `azurerm_container_app` running a public sample image, or one without a version tag or digest',
  failing: [[raw('azurerm_container_app', 'app', { template: [{ min_replicas: 1, container: [{ name: 'c', image: 'mcr.microsoft.com/k8se/quickstart:latest' }] }] })]],
  passing: [[raw('azurerm_container_app', 'app', { template: [{ min_replicas: 1, container: [{ name: 'c', image: 'example.azurecr.io/orders:1.4.2' }] }] })]],
};

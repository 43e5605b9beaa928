import { AzureServices } from '../core/azure-service';
import { SERVICE_DESCRIPTORS } from './service-index.generated';

/**
 * The platform's catalogue of services: every service folder's descriptor, from the generated
 * service index (`npm run gen:services`). `AzureStack` holds it (`AzureServices.in(scope)`), the
 * preflight reads its ids and the platform lessons pack gives it to the rules that read
 * descriptors. Another list is another catalogue: `new AzureServices([...SERVICE_DESCRIPTORS, mine])`.
 */
export const PLATFORM_SERVICES = new AzureServices(SERVICE_DESCRIPTORS);

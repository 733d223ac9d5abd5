import type { ReactNode } from 'react';
import type { AccessAction } from '../../domain/access';
import { RequireAccess } from '../pages/RequireAccess';
import { services } from '../resources/services';
import { RenovationPaymentsPage, serviceContainers } from '../resources/containers';
import type { AreaScreens } from './types';

const on = (path: string, resource: string, page: ReactNode, action?: AccessAction) => (
  <RequireAccess path={path} resource={resource} action={action}>
    {page}
  </RequireAccess>
);

/**
 * Services and renovation (MODULE_SERVICES; off, the menu hides them and RequireAccess sends the user home): /services,
 * its form, /services/payments (every renovation payment), /service-containers and a container's page.
 */
export const servicesArea: AreaScreens = {
  resources: [
    {
      ...services,
      list: on('/services', 'services', <services.list />, 'list'),
      create: on('/services', 'services', <services.create />, 'create'),
      edit: on('/services', 'services', <services.edit />, 'edit'),
    },
    {
      ...serviceContainers,
      list: on('/service-containers', 'service-containers', <serviceContainers.list />, 'list'),
      show: on('/service-containers', 'service-containers', <serviceContainers.show />, 'show'),
    },
  ],
  routes: [
    {
      path: '/services/payments',
      element: on('/services/payments', 'renovation-payments', <RenovationPaymentsPage />, 'list'),
    },
  ],
  built: ['/services', '/services/payments', '/service-containers'],
};

import { lazy } from 'react';
import { RequireAccess } from '../pages/RequireAccess';
import { CustomFieldsPage } from '../resources/customFields';
import type { AreaScreens } from './types';

const TemplatesPage = lazy(() =>
  import('../resources/templates/TemplatesPage').then((m) => ({ default: m.TemplatesPage })),
);

/**
 * Contracts and documents: /templates/custom-fields, the custom fields of sales, customers, units and
 * complexes (their inputs sit on those records' forms). Document and Word templates join this area too.
 */
export const templatesArea: AreaScreens = {
  resources: [{ name: 'custom-fields' }],
  routes: [
    {
      path: '/templates',
      element: (
        <RequireAccess path="/templates" resource="doc-templates" action="list">
          <TemplatesPage />
        </RequireAccess>
      ),
    },
    {
      path: '/templates/custom-fields',
      element: (
        <RequireAccess path="/templates/custom-fields" resource="custom-fields" action="list">
          <CustomFieldsPage />
        </RequireAccess>
      ),
    },
  ],
  built: ['/templates', '/templates/custom-fields'],
};

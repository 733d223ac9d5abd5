import { lazy } from 'react';

/** /templates/custom-fields: the list with its create and edit dialog. */
export const CustomFieldsPage = lazy(() => import('./CustomFieldList').then((m) => ({ default: m.CustomFieldList })));

import { lazy } from 'react';

/** /notification-templates: the texts of the messages to customers and the rules of the daily run. */
export const TemplatesPage = lazy(() => import('./TemplatesPage').then((m) => ({ default: m.TemplatesPage })));

import { lazy, type ReactNode } from 'react';
import { RequireAccess } from '../pages/RequireAccess';
import type { AreaScreens } from './types';

const BonusesPage = lazy(() => import('../resources/bonuses/BonusesPage').then((m) => ({ default: m.BonusesPage })));
const SchemasPage = lazy(() => import('../resources/bonuses/SchemasPage').then((m) => ({ default: m.SchemasPage })));
const AgentsPayPage = lazy(() =>
  import('../resources/bonuses/AgentsPayPage').then((m) => ({ default: m.AgentsPayPage })),
);

const onBonuses = (page: ReactNode, resource?: string) => (
  <RequireAccess path="/bonuses" resource={resource} action={resource ? 'list' : undefined}>
    {page}
  </RequireAccess>
);

/**
 * The bonuses area (MODULE_BONUS; the menu's /bonuses under view_bonus_schemas): the month's bonuses (custom page),
 * the schemas with their tiers and the sale targets, and the agents' pay.
 */
export const bonusesArea: AreaScreens = {
  resources: [],
  routes: [
    { path: '/bonuses', element: onBonuses(<BonusesPage />) },
    { path: '/bonuses/schemas', element: onBonuses(<SchemasPage />) },
    { path: '/bonuses/agents', element: onBonuses(<AgentsPayPage />, 'agents-pay') },
  ],
  built: ['/bonuses'],
};

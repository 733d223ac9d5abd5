import { lazy } from 'react';
import { RequireAccess } from '../pages/RequireAccess';
import { bankAccounts } from '../resources/bankAccounts';
import { banks } from '../resources/banks';
import { buildings } from '../resources/buildings';
import type { AreaScreens } from './types';

const CompanyPage = lazy(() => import('../pages/company/CompanyPage').then((m) => ({ default: m.CompanyPage })));

/** The sites area's screens: company, buildings (cards, form, detail), banks and bank accounts. */
export const sites: AreaScreens = {
  resources: [
    {
      ...buildings,
      list: (
        <RequireAccess path="/buildings">
          <buildings.list />
        </RequireAccess>
      ),
      create: (
        <RequireAccess path="/buildings" resource="buildings" action="create" back="/buildings">
          <buildings.create />
        </RequireAccess>
      ),
      edit: (
        <RequireAccess path="/buildings" resource="buildings" action="edit" back="/buildings">
          <buildings.edit />
        </RequireAccess>
      ),
      show: (
        <RequireAccess path="/buildings">
          <buildings.show />
        </RequireAccess>
      ),
    },
    {
      ...banks,
      list: (
        <RequireAccess path="/banks">
          <banks.list />
        </RequireAccess>
      ),
    },
    {
      ...bankAccounts,
      list: (
        <RequireAccess path="/bank-accounts">
          <bankAccounts.list />
        </RequireAccess>
      ),
    },
  ],
  routes: [
    {
      path: '/company',
      element: (
        <RequireAccess path="/company">
          <CompanyPage />
        </RequireAccess>
      ),
    },
  ],
  built: ['/company', '/buildings', '/banks', '/bank-accounts'],
};

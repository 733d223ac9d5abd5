import { lazy, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Permission } from '../../domain/permissions';
import { RequirePermission } from '../pages/RequirePermission';
import { useCurrentUser } from '../layout/useCurrentUser';
import { Spinner } from '../layout/Layout';
import { bankAccounts } from '../resources/bankAccounts';
import { banks } from '../resources/banks';
import { buildings } from '../resources/buildings';
import type { AreaScreens } from './types';

const CompanyPage = lazy(() => import('../pages/company/CompanyPage').then((m) => ({ default: m.CompanyPage })));

/** A page of a menu entry that also needs one more permission (creating, editing); others go back to the list. */
function Needs({ path, permission, back, children }: { path: string; permission?: Permission; back?: string; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <Spinner />;
  if (permission && !user.permissions.includes(permission)) return <Navigate to={back ?? path} replace />;
  return <RequirePermission path={path}>{children}</RequirePermission>;
}

/** The sites area's screens: company, buildings (cards, form, detail), banks and bank accounts. */
export const sites: AreaScreens = {
  resources: [
    {
      ...buildings,
      list: (
        <Needs path="/buildings">
          <buildings.list />
        </Needs>
      ),
      create: (
        <Needs path="/buildings" permission="add_buildings">
          <buildings.create />
        </Needs>
      ),
      edit: (
        <Needs path="/buildings" permission="edit_buildings">
          <buildings.edit />
        </Needs>
      ),
      show: (
        <Needs path="/buildings">
          <buildings.show />
        </Needs>
      ),
    },
    {
      ...banks,
      list: (
        <Needs path="/banks">
          <banks.list />
        </Needs>
      ),
    },
    {
      ...bankAccounts,
      list: (
        <Needs path="/bank-accounts">
          <bankAccounts.list />
        </Needs>
      ),
    },
  ],
  routes: [
    {
      path: '/company',
      element: (
        <Needs path="/company">
          <CompanyPage />
        </Needs>
      ),
    },
  ],
  built: ['/company', '/buildings', '/banks', '/bank-accounts'],
};

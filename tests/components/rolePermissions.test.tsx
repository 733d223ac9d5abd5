import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { screen, within } from '@testing-library/react';
import { RolePermissionsPage } from '../../src/pages/RolePermissionsPage';
import { PERMISSION_GROUPS, PERMISSIONS } from '../../domain/permissions';
import { permissionEntrySchema, roleSchema, type Role } from '../../domain/contracts/users';
import { ConfirmProvider } from '../../src/widgets';
import { renderWithAdmin } from './render';
import { answer, answerWithApiServer, apiServer, dataOf, route } from './apiServer';

answerWithApiServer();

const catalogue = Object.entries(PERMISSION_GROUPS).flatMap(([group, names]) => names.map((name) => ({ name, group })));

/** GET /role-permission/roles and /permissions as the server answers them. */
function serve(roles: Role[]) {
  apiServer.use(
    route('get', '/api/role-permission/roles', [], () => answer(dataOf(z.array(roleSchema)), { data: roles })),
    route('get', '/api/role-permission/permissions', [], () =>
      answer(dataOf(z.array(permissionEntrySchema)), { data: catalogue }),
    ),
  );
}

const role = (id: number, name: string, permissions: string[]): Role => ({
  id,
  name,
  built_in: false,
  permissions,
  users_count: 1,
});

const page = (
  <ConfirmProvider>
    <RolePermissionsPage />
  </ConfirmProvider>
);

describe('the role editor and an "only own" permission beside its broad twin', () => {
  it('warns that "only own" has no effect where both are ticked, and nowhere else', async () => {
    serve([
      role(1, 'admin', [...PERMISSIONS]),
      role(2, 'Sellers', ['view_sales', 'view_only_own_sales', 'view_only_own_customers']),
      role(3, 'Own sellers', ['view_only_own_sales', 'view_customers']),
    ]);
    renderWithAdmin(page, { user: { permissions: [...PERMISSIONS], is_admin: true } });
    const warning = await screen.findByTestId('own-only-ignored');
    expect(warning.textContent).toBe(
      'Sellers: “Sales: only own” has no effect while “Sales: view” is ticked too: the role sees every record. ' +
        'Untick one of them.',
    );
    // the cell of the ineffective permission carries the same warning; the administrator, who holds all, none
    const grid = screen.getByTestId('role-grid');
    const marks = within(grid).getAllByRole('img', { name: /has no effect/ });
    expect(marks).toHaveLength(1);
    expect(marks[0].closest('tr')!.querySelector('[data-permission]')!.getAttribute('data-permission')).toBe(
      'view_only_own_sales',
    );
  });

  it('says it in Georgian', async () => {
    serve([role(2, 'Sellers', ['view_customers', 'view_only_own_customers'])]);
    renderWithAdmin(page, {
      locale: 'ka',
      user: { permissions: [...PERMISSIONS], is_admin: true },
    });
    const warning = await screen.findByTestId('own-only-ignored');
    expect(warning.textContent).toContain('არაფერს ცვლის');
    expect(warning.textContent).not.toMatch(/view_|own_only/);
  });
});

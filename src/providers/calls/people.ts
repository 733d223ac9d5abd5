import type { Identifier } from 'react-admin';
import type { Company } from '../../../domain/contracts/company';
import type { Country, CustomerRelated } from '../../../domain/contracts/customers';
import type { PermissionEntry, ResponsibleManager, Role } from '../../../domain/contracts/users';
import { api } from '../httpClient';
import { dataOf, done } from './answers';

/** Customers, users, roles, the company. */
export const peopleCalls = {
  countries: () => dataOf(api<{ data: Country[] }>('/countries')),
  customerRelated: (customerId: Identifier) =>
    dataOf(api<{ data: CustomerRelated }>(`/customers/${customerId}/related`)),
  responsibleManagers: () => dataOf(api<{ data: ResponsibleManager[] }>('/users/responsible-managers')),
  updateMyProfile: (form: FormData) => done(api('/users/me', { method: 'POST', body: form })),
  changeMyPassword: (passwords: { current_password: string; password: string; password_confirmation: string }) =>
    done(api('/users/me/update-password', { method: 'PUT', body: passwords })),
  roles: () => dataOf(api<{ data: Role[] }>('/role-permission/roles')),
  permissionCatalogue: () => dataOf(api<{ data: PermissionEntry[] }>('/role-permission/permissions')),
  saveRole: (role: { id?: number; name: string; permissions: string[] }) =>
    done(api('/role-permission/roles', { method: 'POST', body: role })),
  deleteRole: (roleId: Identifier) => done(api(`/role-permission/roles/${roleId}`, { method: 'DELETE' })),
  company: () => dataOf(api<{ data: Company | null }>('/company')),
  saveCompany: (form: FormData) => dataOf(api<{ data: Company }>('/company', { method: 'POST', body: form })),
};

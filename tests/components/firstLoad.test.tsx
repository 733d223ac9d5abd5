import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { localStorageStore, useAuthenticated, usePermissions, type AuthProvider } from 'react-admin';
import { lazyPage } from '../../src/resources/lazyPage';
import { createQueryClient } from '../../src/providers/queryClient';
import { renderWithAdmin } from './render';

describe('a first load', () => {
  it('draws a page whose code was loaded beforehand at once, without the spinner', async () => {
    const Page = lazyPage(
      async () => ({ SaleList: () => <p>the sales</p> }),
      (module) => module.SaleList,
    );
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('the sales')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it("answers react-admin's sign-in and permission checks on the first render from the user it already has", () => {
    const seen: Array<{ signedIn: boolean; permissions: unknown }> = [];
    function Checks() {
      const auth = useAuthenticated();
      const { permissions, isPending } = usePermissions();
      seen.push({
        signedIn: !auth.isPending && auth.authenticated === true,
        permissions: isPending ? 'pending' : permissions,
      });
      return null;
    }
    // nothing the provider says arrives in time for the first render
    const never = () => new Promise<never>(() => {});
    const authProvider: AuthProvider = {
      login: never,
      logout: async () => undefined,
      checkAuth: never,
      checkError: async () => undefined,
      getPermissions: never,
    };
    renderWithAdmin(<Checks />, {
      authProvider,
      queryClient: createQueryClient(),
      user: { permissions: ['view_sales'] },
    });
    expect(seen[0]).toEqual({ signedIn: true, permissions: ['view_sales'] });
  });
});

describe("the page a first load's address opens", () => {
  it('is the one the router shows: the sale page at /sales/{id}, the resource’s own pages elsewhere', async () => {
    const { firstPageOf } = await import('../../src/areas');
    const { sales } = await import('../../src/resources/sales');
    const { customers } = await import('../../src/resources/customers');
    expect(firstPageOf('#/sales')).toBe(sales.list);
    expect(firstPageOf('#/sales?filter=%7B%7D&page=2')).toBe(sales.list);
    expect(firstPageOf('#/sales/15000')).toBe(sales.show);
    expect(firstPageOf('#/sales/create')).toBe(sales.create);
    expect(firstPageOf('#/sales/15000/edit')).toBe(sales.edit);
    expect(firstPageOf('#/customers/3')).toBe(customers.edit);
    expect(firstPageOf('#/customers/3/show')).toBe(customers.show);
    expect(firstPageOf('#/')).toBeUndefined();
  });
});

describe("the menu's pages", () => {
  it('load one after another when the browser is idle, after the first page; not when saving data', async () => {
    const { preloadMenuPages } = await import('../../src/areas');
    const { sales } = await import('../../src/resources/sales');
    const { customers } = await import('../../src/resources/customers');
    const loaded: string[] = [];
    vi.spyOn(sales.list, 'preload').mockImplementation(async () => {
      loaded.push('sales');
      return () => null;
    });
    vi.spyOn(customers.list, 'preload').mockImplementation(async () => {
      loaded.push('customers');
      return () => null;
    });
    vi.stubGlobal('requestIdleCallback', (next: () => void) => setTimeout(next, 1));
    try {
      const stop = preloadMenuPages(['/', '/sales', '/customers'], 20);
      expect(loaded).toEqual([]);
      await vi.waitFor(() => expect(loaded).toEqual(['sales', 'customers']));
      stop();

      loaded.length = 0;
      preloadMenuPages(['/sales'], 20)();
      vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
      preloadMenuPages(['/customers'], 1);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(loaded).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });
});

describe("react-admin's language on a first visit", () => {
  it("is the app's from the start, so its i18n context draws the app at once", async () => {
    localStorage.clear();
    localStorage.setItem('locale', 'ru');
    vi.resetModules();
    await import('../../src/App');
    expect(localStorageStore().getItem('locale')).toBe('ru');
  });
});

import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { barterArea } from '../../src/areas/barter';
import { setClientConfigForTests } from '../../src/providers/config';
import { renderWithAdmin, testClientConfig, type RenderOptions } from './render';

/** The barter and advance-payment forms ask the same right as their buttons (the server enforces it as well). */
let permissions: string[] = [];
/** Renders signed in as the user these tests act as (its permissions read at each render). */
const renderAsUser = (ui: ReactNode, options: RenderOptions = {}) =>
  renderWithAdmin(ui, {
    user: { id: 7, full_name: 'Viewer', permissions, roles: [], buildings: [], is_admin: false },
    ...options,
  });
beforeAll(() => setClientConfigForTests(testClientConfig()));
afterEach(() => {
  permissions = [];
});

const [barter, advance] = barterArea.resources;
const open = (page: ReactNode) => renderAsUser(<Suspense fallback={<div data-testid="loading" />}>{page}</Suspense>);

describe('barter and advance-payment forms', () => {
  it('say "Access denied" to a user who may only view', () => {
    permissions = ['view_barters', 'view_advanced_payments'];
    for (const page of [barter.create, barter.edit, advance.create, advance.edit]) {
      const { unmount } = open(page as ReactNode);
      expect(screen.getByTestId('forbidden')).toBeTruthy();
      unmount();
    }
  });

  it('open for a user who may add and edit', () => {
    permissions = ['view_barters', 'add_barters', 'edit_barters', 'view_advanced_payments', 'add_advanced_payments'];
    for (const page of [barter.create, barter.edit, advance.create]) {
      const { unmount } = open(page as ReactNode);
      expect(screen.queryByTestId('forbidden')).toBeNull();
      unmount();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { EmptyList } from '../../src/widgets';
import { en } from '../../i18n/en';
import { ka } from '../../i18n/ka';
import { ru } from '../../i18n/ru';
import { renderWithAdmin } from './render';

const DAILY_LISTS = ['sales', 'customers', 'properties', 'pre-sale-bookings', 'bookings', 'payments', 'tasks'] as const;

describe('an empty list says what belongs in it', () => {
  it('every list staff use daily has its title and text in ka, en and ru', () => {
    for (const catalogue of [en, ka, ru])
      for (const resource of DAILY_LISTS) {
        expect(catalogue.empty_list[resource].title, resource).toBeTruthy();
        expect(catalogue.empty_list[resource].text, resource).toBeTruthy();
      }
  });

  it('in Georgian, with the create button for a user who may create', async () => {
    renderWithAdmin(
      <ResourceContextProvider value="customers">
        <EmptyList mayCreate />
      </ResourceContextProvider>,
      { locale: 'ka' },
    );
    expect(await screen.findByText(ka.empty_list.customers.title)).toBeTruthy();
    expect(screen.getByText(ka.empty_list.customers.text)).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toContain('/customers/create');
  });

  it('without the button for a user who may not, its other way in (an import) still shown', async () => {
    renderWithAdmin(
      <ResourceContextProvider value="payments">
        <EmptyList>
          <button type="button">import</button>
        </EmptyList>
      </ResourceContextProvider>,
      { locale: 'ru' },
    );
    expect(await screen.findByText(ru.empty_list.payments.title)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'import' })).toBeTruthy();
  });

  it('a reservation is created on its own page', async () => {
    renderWithAdmin(
      <ResourceContextProvider value="pre-sale-bookings">
        <EmptyList mayCreate createTo="/reservation/create" />
      </ResourceContextProvider>,
      { locale: 'en' },
    );
    expect(await screen.findByText(en.empty_list['pre-sale-bookings'].title)).toBeTruthy();
    expect(screen.getByRole('link').getAttribute('href')).toContain('/reservation/create');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterLiveForm, ListContextProvider, type ListControllerResult } from 'react-admin';
import { MinMaxInput } from '../../src/widgets';
import { renderWithAdmin } from './render';

const renderFilter = (filterValues: Record<string, unknown> = {}) => {
  const setFilters = vi.fn();
  const value = {
    resource: 'properties',
    filterValues,
    displayedFilters: {},
    setFilters,
    data: [],
    total: 0,
    page: 1,
    perPage: 10,
  } as unknown as ListControllerResult;
  renderWithAdmin(
    <ListContextProvider value={value}>
      <FilterLiveForm debounce={false}>
        <MinMaxInput source="price" label="Price" alwaysOn />
      </FilterLiveForm>
    </ListContextProvider>,
  );
  return setFilters;
};

/** Every filter set ever applied keeps min ≤ max. */
const expectNeverAbove = (setFilters: ReturnType<typeof vi.fn>) => {
  for (const [filters] of setFilters.mock.calls as [Record<string, unknown>][]) {
    const min = filters.price_from;
    const max = filters.price_to;
    if (min != null && min !== '' && max != null && max !== '') expect(Number(min)).toBeLessThanOrEqual(Number(max));
  }
};

describe('MinMaxInput', () => {
  it('applies min and max as price_from / price_to', async () => {
    const user = userEvent.setup();
    const setFilters = renderFilter();
    const group = screen.getByRole('group', { name: 'Price' });
    await user.type(within(group).getByLabelText('Min'), '100');
    await user.type(within(group).getByLabelText('Max'), '500');
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(expect.objectContaining({ price_from: 100, price_to: 500 })),
    );
  });

  it('never lets min exceed max: shows the error and keeps the last valid pair', async () => {
    const user = userEvent.setup();
    const setFilters = renderFilter();
    const min = screen.getByLabelText('Min');
    const max = screen.getByLabelText('Max');
    await user.type(max, '50');
    await waitFor(() => expect(setFilters).toHaveBeenLastCalledWith(expect.objectContaining({ price_to: 50 })));
    await user.type(min, '100');
    expect(screen.getByText('the minimum cannot exceed the maximum')).toBeTruthy();
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(expect.objectContaining({ price_from: 10, price_to: 50 })),
    );
    // raising the max fixes the pair, and it is applied: after it, nothing typed before can still arrive
    await user.clear(max);
    await user.type(max, '500');
    expect(screen.queryByText('the minimum cannot exceed the maximum')).toBeNull();
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(expect.objectContaining({ price_from: 100, price_to: 500 })),
    );
    expectNeverAbove(setFilters);
    // lowering the max below the min is refused the same way, until the min comes down
    await user.clear(max);
    await user.type(max, '7');
    expect(screen.getByText('the minimum cannot exceed the maximum')).toBeTruthy();
    await user.clear(min);
    await user.type(min, '5');
    expect(screen.queryByText('the minimum cannot exceed the maximum')).toBeNull();
    await waitFor(() =>
      expect(setFilters).toHaveBeenLastCalledWith(expect.objectContaining({ price_from: 5, price_to: 7 })),
    );
    expectNeverAbove(setFilters);
  });

  it('shows filters that come from outside, a value that is not a number as 0', () => {
    renderFilter({ price_from: 'abc', price_to: '250' });
    expect((screen.getByLabelText('Min') as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText('Max') as HTMLInputElement).value).toBe('250');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, RecordContextProvider, ResourceContextProvider, ShowBase, type DataProvider } from 'react-admin';
import { ka } from '../../i18n/ka';
import { DeleteWithConfirmButton } from '../../src/widgets';
import { renderWithAdmin } from './render';

const record = { id: 7, full_name: 'Nino Beridze' };

const renderInRow = (
  remove: DataProvider['delete'],
  options: { locale?: 'en' | 'ka'; onLocation?: (p: string) => void } = {},
) =>
  renderWithAdmin(
    <ResourceContextProvider value="users">
      <RecordContextProvider value={record}>
        <DeleteWithConfirmButton />
      </RecordContextProvider>
    </ResourceContextProvider>,
    { dataProvider: { delete: remove }, path: '/users', ...options },
  );

describe('DeleteWithConfirmButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('deletes only after Yes, then says so', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(async () => ({ data: record })) as unknown as DataProvider['delete'];
    const locations: string[] = [];
    renderInRow(remove, { onLocation: (p) => locations.push(p) });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attention' });
    expect(dialog.textContent).toContain('Are you sure you want to delete the record?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Record deleted successfully')).toBeTruthy();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith('users', expect.objectContaining({ id: 7, previousData: record }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // in a list row it stays on the list
    expect(locations.at(-1)).toBe('/users');
  });

  it("says 'Deletion failed' when the server refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // react-admin logs data provider failures
    const user = userEvent.setup();
    const remove = vi.fn(async () => {
      throw new Error('');
    }) as unknown as DataProvider['delete'];
    renderInRow(remove);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Deletion failed')).toBeTruthy();
    expect(screen.queryByText('Record deleted successfully')).toBeNull();
  });

  it("adds the server's message to 'Deletion failed'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const remove = vi.fn(async () => {
      throw new HttpError('You cannot delete your own account', 422, { message: 'You cannot delete your own account' });
    }) as unknown as DataProvider['delete'];
    renderInRow(remove);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Deletion failed: You cannot delete your own account')).toBeTruthy();
  });

  it('asks and answers in Georgian', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(async () => ({ data: record })) as unknown as DataProvider['delete'];
    renderInRow(remove, { locale: 'ka' });
    await user.click(screen.getByRole('button', { name: 'წაშლა' }));
    const dialog = await screen.findByRole('dialog', { name: ka.app.attention });
    expect(dialog.textContent).toContain(ka.app.delete_confirm);
    await user.click(screen.getByRole('button', { name: ka.app.yes }));
    expect(await screen.findByText(ka.app.deleted)).toBeTruthy();
  });

  it('on a Show page goes back to the list after deleting', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(async () => ({ data: record })) as unknown as DataProvider['delete'];
    const getOne = vi.fn(async () => ({ data: record })) as unknown as DataProvider['getOne'];
    const locations: string[] = [];
    renderWithAdmin(
      <ShowBase resource="users" id={7}>
        <DeleteWithConfirmButton />
      </ShowBase>,
      { dataProvider: { delete: remove, getOne }, path: '/users/7/show', onLocation: (p) => locations.push(p) },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(locations.at(-1)).toBe('/users'));
    expect(remove).toHaveBeenCalledWith('users', expect.objectContaining({ id: 7 }));
  });
});

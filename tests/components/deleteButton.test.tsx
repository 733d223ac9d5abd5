import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, ResourceContextProvider, ShowBase } from 'react-admin';
import { messageSchema, userSchema } from '../../domain/contracts/users';
import { ka } from '../../i18n/ka';
import { DeleteWithConfirmButton } from '../../src/widgets';
import { renderWithAdmin } from './render';
import { answer, answerWithApiServer, apiServer, dataOf, refusal, route, type SentRequest } from './apiServer';
import { aUser } from './records';

answerWithApiServer();

const record = aUser({ id: 7, full_name: 'Nino Beridze' });

/** DELETE /users/7 answered with `respond` (the user deleted, by default); the requests it got. */
function serveDelete(respond: () => Response = () => answer(messageSchema, { message: 'The user was deleted' })) {
  const removed: SentRequest[] = [];
  apiServer.use(route('delete', '/api/users/:id', removed, respond));
  return removed;
}

const renderInRow = (options: { locale?: 'en' | 'ka'; onLocation?: (p: string) => void } = {}) =>
  renderWithAdmin(
    <ResourceContextProvider value="users">
      <RecordContextProvider value={record}>
        <DeleteWithConfirmButton />
      </RecordContextProvider>
    </ResourceContextProvider>,
    { path: '/users', ...options },
  );

describe('DeleteWithConfirmButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('deletes only after Yes, then says so', async () => {
    const user = userEvent.setup();
    const removed = serveDelete();
    const locations: string[] = [];
    renderInRow({ onLocation: (p) => locations.push(p) });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attention' });
    expect(dialog.textContent).toContain('Are you sure you want to delete the record?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(removed).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Record deleted successfully')).toBeTruthy();
    expect(removed.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/users/7']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // in a list row it stays on the list
    expect(locations.at(-1)).toBe('/users');
  });

  it("says 'Deletion failed' when the server refuses", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // react-admin logs data provider failures
    const user = userEvent.setup();
    // a proxy's error page: no message of the server's, so none of the proxy's English either
    serveDelete(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    renderInRow();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Deletion failed')).toBeTruthy();
    expect(screen.queryByText('Record deleted successfully')).toBeNull();
  });

  it("adds the server's message to 'Deletion failed'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    serveDelete(() => refusal(422, 'You cannot delete your own account'));
    renderInRow();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Deletion failed: You cannot delete your own account')).toBeTruthy();
  });

  it('asks and answers in Georgian', async () => {
    const user = userEvent.setup();
    serveDelete();
    renderInRow({ locale: 'ka' });
    await user.click(screen.getByRole('button', { name: 'წაშლა' }));
    const dialog = await screen.findByRole('dialog', { name: ka.app.attention });
    expect(dialog.textContent).toContain(ka.app.delete_confirm);
    await user.click(screen.getByRole('button', { name: ka.app.yes }));
    expect(await screen.findByText(ka.app.deleted)).toBeTruthy();
  });

  it('on a Show page goes back to the list after deleting', async () => {
    const user = userEvent.setup();
    const removed = serveDelete();
    apiServer.use(route('get', '/api/users/7', [], () => answer(dataOf(userSchema), { data: record })));
    const locations: string[] = [];
    renderWithAdmin(
      <ShowBase resource="users" id={7}>
        <DeleteWithConfirmButton />
      </ShowBase>,
      { path: '/users/7/show', onLocation: (p) => locations.push(p) },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(locations.at(-1)).toBe('/users'));
    expect(removed.map((r) => r.path)).toEqual(['/api/users/7']);
  });
});

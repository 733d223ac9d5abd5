import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportDialog } from '../../src/widgets/ImportDialog';
import { authProvider, sessionWasLost } from '../../src/providers/authProvider';
import { session } from '../../src/providers/session';
import { renderWithAdmin } from './render';
import { answerWithApiServer, apiServer, refusal, route } from './apiServer';

answerWithApiServer();

/** The upload (sent through XMLHttpRequest for its progress) answered with `respond`. */
const answerUploads = (respond: () => Response) =>
  apiServer.use(route('post', '/api/sales/importFromExcel', [], respond));

afterEach(() => {
  sessionStorage.clear();
});

const renderDialog = (onLocation: (path: string) => void = () => undefined) =>
  renderWithAdmin(<ImportDialog resource="sales" url="/api/sales/importFromExcel" open onClose={() => undefined} />, {
    authProvider,
    onLocation,
    path: '/sales',
    user: { permissions: ['add_sales'] },
  });

const chooseAndSend = async () => {
  const file = new File(['x'], 'sales.xlsx', { type: 'application/vnd.ms-excel' });
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
  await userEvent.click(screen.getByTestId('import-send'));
};

describe('the import dialog', () => {
  it('a 401 from the upload signs the user out and sends them to sign in, as every other call does', async () => {
    answerUploads(() => refusal(401, 'Unauthenticated'));
    const visited: string[] = [];
    renderDialog((path) => visited.push(path));
    expect(session.token()).toBeTruthy();
    await chooseAndSend();
    await waitFor(() => expect(visited).toContain('/login'));
    expect(session.token()).toBeNull();
    // the sign-in page then says once that the session ended
    expect(sessionWasLost()).toBe(true);
  });

  it('a 401 from the template download does the same', async () => {
    apiServer.use(route('get', '/api/sales/importFromExcel/template', [], () => refusal(401, 'Unauthenticated')));
    const visited: string[] = [];
    renderDialog((path) => visited.push(path));
    await userEvent.click(screen.getByRole('button', { name: 'Download the template' }));
    await waitFor(() => expect(visited).toContain('/login'));
    expect(session.token()).toBeNull();
  });

  it('row errors come in an alert dialog to acknowledge, every row listed, and nothing imported', async () => {
    answerUploads(() =>
      refusal(422, 'Nothing was imported', {
        rows: ['Row 2, Price: required field', 'Row 3, Personal number: No customer has this personal number'],
      }),
    );
    renderDialog();
    await chooseAndSend();
    const alert = await screen.findByRole('dialog', { name: 'The import failed' });
    expect(within(alert).getByText('Row 2, Price: required field')).toBeTruthy();
    expect(within(alert).getByText('Row 3, Personal number: No customer has this personal number')).toBeTruthy();
    expect(within(alert).getByText(/Nothing was imported\. Fix these rows/)).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'The import failed' })).toBeNull());
    expect(screen.queryByTestId('import-result')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportDialog } from '../../src/widgets/ImportDialog';
import { authProvider, sessionWasLost } from '../../src/providers/authProvider';
import { session } from '../../src/providers/session';
import { renderWithAdmin } from './render';

/** An XMLHttpRequest whose every request is answered with `answer` (the upload's raw request path). */
function answerUploads(answer: { status: number; body: unknown }) {
  class AnsweringXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', AnsweringXhr);
}

afterEach(() => {
  vi.unstubAllGlobals();
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
    answerUploads({ status: 401, body: { message: 'Unauthenticated' } });
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Unauthenticated' }), { status: 401 })),
    );
    const visited: string[] = [];
    renderDialog((path) => visited.push(path));
    await userEvent.click(screen.getByRole('button', { name: 'Download the template' }));
    await waitFor(() => expect(visited).toContain('/login'));
    expect(session.token()).toBeNull();
  });

  it('row errors come in an alert dialog to acknowledge, every row listed, and nothing imported', async () => {
    answerUploads({
      status: 422,
      body: {
        message: 'Nothing was imported',
        errors: {
          rows: ['Row 2, Price: required field', 'Row 3, Personal number: No customer has this personal number'],
        },
      },
    });
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

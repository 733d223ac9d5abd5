import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentsImportDialog } from '../../src/resources/payments/PaymentsImport';
import { renderWithAdmin } from './render';

/** An XMLHttpRequest whose upload the server answers with `answer` (201). */
function serveUpload(answer: unknown) {
  class FakeRequest {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    open() {}
    setRequestHeader() {}
    send() {
      setTimeout(() => {
        this.status = 201;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
}

afterEach(() => vi.unstubAllGlobals());

describe('the bank statement import dialog', () => {
  it('names the rows the statement already had, beside what it added', async () => {
    serveUpload({ data: { imported: 1, sales: 1, already_imported: [2, 3, 4, 7] } });
    renderWithAdmin(<PaymentsImportDialog open onClose={() => {}} />, { user: { permissions: ['add_payments'] } });
    const file = new File(['x'], 'statement.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.upload(screen.getByTestId('import-file'), file);
    await userEvent.click(screen.getByTestId('import-send'));
    expect((await screen.findByTestId('import-result')).textContent).toBe(
      'Imported payments: 1 (sales: 1). Rows imported before, not added again (4): 2–4, 7',
    );
  });

  it('says only what it added when no row was there before', async () => {
    serveUpload({ data: { imported: 3, sales: 2, already_imported: [] } });
    renderWithAdmin(<PaymentsImportDialog open onClose={() => {}} />, { user: { permissions: ['add_payments'] } });
    await userEvent.upload(screen.getByTestId('import-file'), new File(['x'], 'statement.xlsx'));
    await userEvent.click(screen.getByTestId('import-send'));
    expect((await screen.findByTestId('import-result')).textContent).toBe('Imported payments: 3 (sales: 2)');
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentsImportDialog } from '../../src/resources/payments/PaymentsImport';
import { statementImportedSchema, type StatementImported } from '../../domain/contracts/payments';
import { renderWithAdmin } from './render';
import { answer, answerWithApiServer, apiServer, dataOf, route, type SentRequest } from './apiServer';

answerWithApiServer();

/** The statement's upload (through XMLHttpRequest, for its progress) answered with `imported` (201). */
function serveUpload(imported: StatementImported) {
  const sent: SentRequest[] = [];
  apiServer.use(
    route('post', '/api/payments/importForMultipleSalesFromExcel', sent, () =>
      answer(dataOf(statementImportedSchema), { data: imported }, 201),
    ),
  );
  return sent;
}

describe('the bank statement import dialog', () => {
  it('names the rows the statement already had, beside what it added', async () => {
    const sent = serveUpload({ imported: 1, sales: 1, already_imported: [2, 3, 4, 7] });
    renderWithAdmin(<PaymentsImportDialog open onClose={() => {}} />, { user: { permissions: ['add_payments'] } });
    const file = new File(['x'], 'statement.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await userEvent.upload(screen.getByTestId('import-file'), file);
    await userEvent.click(screen.getByTestId('import-send'));
    expect((await screen.findByTestId('import-result')).textContent).toBe(
      'Imported payments: 1 (sales: 1). Rows imported before, not added again (4): 2–4, 7',
    );
    expect(sent).toHaveLength(1);
    // the statement goes as the form's file (its name does not survive jsdom's XMLHttpRequest)
    expect(sent[0].body).toHaveProperty('file');
  });

  it('says only what it added when no row was there before', async () => {
    serveUpload({ imported: 3, sales: 2, already_imported: [] });
    renderWithAdmin(<PaymentsImportDialog open onClose={() => {}} />, { user: { permissions: ['add_payments'] } });
    await userEvent.upload(screen.getByTestId('import-file'), new File(['x'], 'statement.xlsx'));
    await userEvent.click(screen.getByTestId('import-send'));
    expect((await screen.findByTestId('import-result')).textContent).toBe('Imported payments: 3 (sales: 2)');
  });
});

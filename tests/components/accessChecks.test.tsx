import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Show, ShowButton, TextField, type AuthProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../../src/providers/queryClient';
import { InvoicePrint } from '../../src/resources/invoices/InvoicePrint';
import { saleDetailSchema } from '../../domain/contracts/sales';
import { renderWithAdmin } from './render';
import { answer, answerWithApiServer, apiServer, dataOf, refusal, route, type SentRequest } from './apiServer';
import { aSaleDetail } from './records';

answerWithApiServer();

/**
 * A ShowButton drawn before its record is loaded asks react-admin's access check with no record; taken away while the
 * answer is on its way, it leaves that check pending with nobody to fetch it. The sale page must open all the same
 * (it stayed on "Loading" for good: the flaky sale page of the browser suite).
 */
async function openAfterAnAbandonedCheck(queryClient: ReturnType<typeof createQueryClient>) {
  let answerFirst: (allowed: boolean) => void = () => {};
  let calls = 0;
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => [],
    canAccess: () =>
      ++calls === 1 ? new Promise<boolean>((resolve) => (answerFirst = resolve)) : Promise.resolve(true),
  };
  let showPage: () => void = () => {};
  function Screen() {
    const [page, setPage] = useState(false);
    showPage = () => setPage(true);
    return page ? (
      <Show resource="sales" id={7}>
        <TextField source="contract_no" />
      </Show>
    ) : (
      <ShowButton resource="sales" />
    );
  }
  apiServer.use(
    route('get', '/api/sales/7', [], () =>
      answer(dataOf(saleDetailSchema), { data: aSaleDetail({ id: 7, contract_no: 'C-7' }) }),
    ),
  );
  renderWithAdmin(<Screen />, { authProvider, queryClient });
  await waitFor(() => expect(calls).toBe(1));
  await act(async () => showPage());
  // the page asks its own check while the button's is still unanswered
  await waitFor(() => expect(calls).toBe(2));
  answerFirst(true);
}

describe('react-admin access checks left unanswered', () => {
  it('do not hold a page on "Loading": the sale opens', async () => {
    await openAfterAnAbandonedCheck(createQueryClient());
    expect(await screen.findByText('C-7')).toBeTruthy();
  });
});

describe('a record out of reach', () => {
  it('is asked for once: the invoice page says at once that it is not found', async () => {
    const calls: SentRequest[] = [];
    apiServer.use(route('get', '/api/invoices/9', calls, () => refusal(404, 'Not found')));
    renderWithAdmin(
      <Routes>
        <Route path="/invoices/:id/print" element={<InvoicePrint />} />
      </Routes>,
      {
        path: '/invoices/9/print',
        queryClient: createQueryClient(),
      },
    );
    expect(await screen.findByText('Not found', {}, { timeout: 800 })).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});

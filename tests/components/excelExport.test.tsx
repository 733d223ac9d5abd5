import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { ListBase, useStore } from 'react-admin';
import { useEffect, type ReactNode } from 'react';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { ExcelExportButton, type ExportColumn } from '../../src/widgets';
import { sheetLayout, shownSources } from '../../src/widgets/excelColumns';
import { buildWorkbook } from '../../src/widgets/excelBook';
import { saleSchema } from '../../domain/contracts/sales';
import { renderWithAdmin } from './render';
import {
  answer,
  answerWithApiServer,
  apiServer,
  listRoute,
  pageAnswer,
  pageAsked,
  pageOf,
  route,
  type SentRequest,
} from './apiServer';
import { aSale } from './records';

answerWithApiServer();

interface Sale {
  id: number;
  contract_no: string;
  price: string;
  currency: string;
  status: string;
  contract_start_date: string;
  created_at: string;
}

const columns: ExportColumn<Sale>[] = [
  { source: 'id', kind: 'number' },
  { source: 'contract_no' },
  { source: 'price', kind: 'money', currencySource: 'currency' },
  { source: 'status', value: (r) => `status:${r.status}` },
  { source: 'contract_start_date', kind: 'date' },
  { source: 'created_at', kind: 'datetime' },
];

const sale = (id: number, price: string, currency: string): Sale => ({
  id,
  contract_no: `ST-${id}`,
  price,
  currency,
  status: 'active',
  contract_start_date: '2026-03-31',
  created_at: '2026-03-31T08:15:00Z',
});

const readBook = async (buffer: ArrayBuffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer);
  const ws = book.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws, rows };
};

/** `n` sales as GET /sales lists them, the i-th priced i.25, in GEL and USD by turns. */
const listedSales = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    aSale({
      id: i + 1,
      contract_no: `ST-${i + 1}`,
      price: i + 1.25,
      currency: i % 2 ? 'USD' : 'GEL',
      contract_start_date: '2026-03-31',
      created_at: '2026-03-31T08:15:00Z',
    }),
  );

/** The export's own requests (pages of 1,000), not the list's page of 10: their page numbers. */
const exportPages = (sent: SentRequest[]) =>
  sent
    .map(pageAsked)
    .filter((p) => p.perpage === 1000)
    .map((p) => p.page);

/** The file the export hands to the browser's download (URL.createObjectURL), once it is made. */
const captureDownload = () => {
  const download: { blob?: Blob } = {};
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    download.blob = b as Blob;
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return download;
};

describe('the Excel export workbook', () => {
  it('titles in the user language, money as numbers beside a currency column, dates as dates', async () => {
    const translate = createI18nProvider('ka').translate;
    const layout = sheetLayout('sales', columns, translate);
    const book = buildWorkbook({ name: 'გაყიდვები', columns: layout.columns, dateFormat: 'dd/mm/yyyy' }, [
      layout.cells(sale(7, '1242000.5', 'USD')),
      layout.cells(sale(8, '99', 'GEL')),
    ]);
    const { ws, rows } = await readBook((await book.xlsx.writeBuffer()) as ArrayBuffer);
    expect(rows[0]).toEqual([
      translate('resources.sales.fields.id'),
      'ხელშეკრულების №',
      translate('resources.sales.fields.price'),
      'ვალუტა',
      translate('resources.sales.fields.status'),
      translate('resources.sales.fields.contract_start_date'),
      translate('resources.sales.fields.created_at'),
    ]);
    expect(rows[0][3]).not.toContain('resources.');
    expect(rows[1].slice(0, 5)).toEqual([7, 'ST-7', 1242000.5, 'USD', 'status:active']);
    expect(rows[2][2]).toBe(99);
    expect(rows[2][3]).toBe('GEL');
    const day = rows[1][5] as Date;
    expect(day).toBeInstanceOf(Date);
    expect(day.toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(rows[1][6]).toBeInstanceOf(Date);
    expect(ws.getColumn(3).numFmt).toBe('#,##0.00');
    expect(ws.getColumn(6).numFmt).toBe('dd/mm/yyyy');
  });

  it('writes only the columns the chooser shows, in its order', () => {
    const available = ['id', 'contract_no', 'price', 'status'].map((source, i) => ({ index: String(i), source }));
    expect(shownSources(available, ['price'], undefined)).toEqual(['id', 'contract_no', 'status']);
    expect(shownSources(available, ['price'], ['3', '2'])).toEqual(['status', 'price']);
    expect(shownSources([], undefined, undefined)).toBeUndefined();
    const translate = createI18nProvider('en').translate;
    const titles = sheetLayout('sales', columns, translate, ['status', 'price']).columns.map((c) => c.title);
    expect(titles).toEqual(['Status', translate('resources.sales.fields.price'), 'Currency']);
  });
});

/** Sets the column chooser's stored choice as DatagridConfigurable would. */
function Chooser({ children }: { children: ReactNode }) {
  const [, setAvailable] = useStore<Array<{ index: string; source: string }>>(
    'preferences.sales.datagrid.availableColumns',
  );
  const [, setColumns] = useStore<string[]>('preferences.sales.datagrid.columns');
  useEffect(() => {
    setAvailable(columns.map((c, i) => ({ index: String(i), source: c.source })));
    setColumns(['1', '2']);
  }, [setAvailable, setColumns]);
  return <>{children}</>;
}

describe('ExcelExportButton', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('reads every page of the filtered list and downloads the chosen columns as .xlsx', async () => {
    const sent: SentRequest[] = [];
    apiServer.use(listRoute('/api/sales', saleSchema, listedSales(1500), sent));
    const download = captureDownload();
    renderWithAdmin(
      <Chooser>
        <ListBase resource="sales" filter={{ building_ids: [3] }} perPage={10}>
          <ExcelExportButton columns={columns} />
        </ListBase>
      </Chooser>,
    );
    await waitFor(() => expect((screen.getByTestId('excel-export') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('excel-export'));
    await waitFor(() => expect(download.blob).toBeDefined(), { timeout: 15_000 });
    expect(exportPages(sent)).toEqual([1, 2]);
    const exported = sent.filter((r) => pageAsked(r).perpage === 1000);
    expect(exported.every((r) => r.query.getAll('building_ids[]').join() === '3')).toBe(true);
    const { rows: sheet } = await readBook(await download.blob!.arrayBuffer());
    expect(sheet[0]).toEqual(['Contract no.', 'Price', 'Currency']);
    expect(sheet).toHaveLength(1501);
    expect(sheet[1500]).toEqual(['ST-1500', 1500.25, 'USD']);
  });

  it('reads on past an estimated total (a list over 10,000 rows) until a short page', async () => {
    // the database estimated 1,900 rows where 2,500 match
    const sent: SentRequest[] = [];
    apiServer.use(listRoute('/api/sales', saleSchema, listedSales(2500), sent, { total: 1900, estimated: true }));
    const download = captureDownload();
    renderWithAdmin(
      <Chooser>
        <ListBase resource="sales" perPage={10}>
          <ExcelExportButton columns={columns} />
        </ListBase>
      </Chooser>,
    );
    await waitFor(() => expect((screen.getByTestId('excel-export') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('excel-export'));
    await waitFor(() => expect(download.blob).toBeDefined(), { timeout: 15_000 });
    expect(exportPages(sent)).toEqual([1, 2, 3]);
    const { rows: sheet } = await readBook(await download.blob!.arrayBuffer());
    expect(sheet).toHaveLength(2501);
  });

  it('stops reading pages when the user cancels, and downloads nothing', async () => {
    const rows = listedSales(3000);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // the export's second page is on its way until released
    const sent: SentRequest[] = [];
    apiServer.use(
      route('get', '/api/sales', sent, async (request) => {
        const { page, perpage } = pageAsked(request);
        if (perpage === 1000 && page === 2) await held;
        return answer(pageOf(saleSchema), pageAnswer(rows, page, perpage));
      }),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
    const stopped = vi.fn();
    vi.stubGlobal(
      'Worker',
      class {
        postMessage() {}
        terminate = stopped;
      },
    );
    renderWithAdmin(
      <ListBase resource="sales" perPage={10}>
        <ExcelExportButton columns={columns} />
      </ListBase>,
    );
    await waitFor(() => expect((screen.getByTestId('excel-export') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('excel-export'));
    await screen.findByText('Reading rows: 1,000 of 3,000');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    release();
    await waitFor(() => expect(screen.queryByTestId('excel-export-progress')).toBeNull());
    // the export is over once its workbook writer is stopped
    await waitFor(() => expect(stopped).toHaveBeenCalled());
    expect(exportPages(sent)).toEqual([1, 2]);
    expect(created).not.toHaveBeenCalled();
  });
});

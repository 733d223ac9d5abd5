import { useRef, useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Button,
  useDataProvider,
  useListContext,
  useLocaleState,
  useNotify,
  useStore,
  useTranslate,
  type DataProvider,
  type SortPayload,
} from 'react-admin';
import type { AnyRecord } from './anyRecord';
import { useDateFormat } from './dateFormat';
import { excelDateFormat, sheetLayout, shownSources, type ExportCell, type ExportColumn } from './excelColumns';
import type { SheetSpec } from './excelBook';
import type { ExcelWorkerAnswer, ExcelWorkerMessage } from './excelWorker';
import { downloadFile } from './download';
import { formatLocaleNumber } from './localeFormat';

/** Rows asked for per request: the API's largest page (server/core/paging.ts MAX_PAGE_SIZE). */
export const EXPORT_PAGE_SIZE = 1000;

interface Writer {
  add: (rows: ExportCell[][]) => void;
  finish: () => Promise<ArrayBuffer>;
  stop: () => void;
}

/** Builds the workbook in a Web Worker (the page stays responsive); where there are no workers, on the page itself. */
function startWriter(spec: SheetSpec): Writer {
  if (typeof Worker === 'undefined') {
    const rows: ExportCell[][] = [];
    return {
      add: (more) => rows.push(...more),
      finish: async () => {
        const { workbookBytes } = await import('./excelBook');
        return workbookBytes(spec, rows);
      },
      stop: () => undefined,
    };
  }
  const worker = new Worker(new URL('./excelWorker.ts', import.meta.url), { type: 'module' });
  const send = (message: ExcelWorkerMessage) => worker.postMessage(message);
  send({ type: 'start', spec });
  return {
    add: (rows) => send({ type: 'rows', rows }),
    finish: () =>
      new Promise<ArrayBuffer>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<ExcelWorkerAnswer>) => {
          worker.terminate();
          if (event.data.type === 'done') resolve(event.data.buffer);
          else reject(new Error(event.data.message));
        };
        worker.onerror = (event) => {
          worker.terminate();
          reject(new Error(event.message));
        };
        send({ type: 'finish' });
      }),
    stop: () => worker.terminate(),
  };
}

export interface ListExport {
  dataProvider: DataProvider;
  resource: string;
  filter: Record<string, unknown>;
  sort: SortPayload;
  spec: Omit<SheetSpec, 'columns'>;
  layout: ReturnType<typeof sheetLayout>;
  onProgress: (done: number, total: number) => void;
  /** Cancels the export: no more pages are read and the worker stops. */
  signal: AbortSignal;
}

/**
 * Reads every row of the list's query page by page (the same filters, sort and permissions as the screen: it is the
 * same getList), hands each page to the writer and returns the file; null when cancelled or there is nothing.
 */
export async function exportList(job: ListExport): Promise<ArrayBuffer | null> {
  const writer = startWriter({ ...job.spec, columns: job.layout.columns });
  const cancelled = new Promise<null>((resolve) => job.signal.addEventListener('abort', () => resolve(null)));
  try {
    let done = 0;
    for (let page = 1; ; page++) {
      const answer = await job.dataProvider.getList(job.resource, {
        pagination: { page, perPage: EXPORT_PAGE_SIZE },
        sort: job.sort,
        filter: job.filter,
      });
      if (job.signal.aborted) return null;
      writer.add(answer.data.map((row: AnyRecord) => job.layout.cells(row)));
      done += answer.data.length;
      // above 10,000 rows a list's total is the database's estimate: only a short page ends the export then
      const estimated = (answer.meta as { total_estimated?: boolean } | undefined)?.total_estimated === true;
      const total = Math.max(answer.total ?? done, done);
      job.onProgress(done, total);
      if (answer.data.length < EXPORT_PAGE_SIZE || (!estimated && done >= total)) break;
    }
    if (done === 0) return null;
    // a cancel while the worker writes ends the wait at once (the worker is stopped below)
    const buffer = await Promise.race([writer.finish(), cancelled]);
    return job.signal.aborted ? null : buffer;
  } finally {
    writer.stop();
  }
}

/** The sources the list's column chooser shows, in its order (undefined when the list has no chooser). */
function useShownSources(preferenceKey: string) {
  const key = `preferences.${preferenceKey}`;
  const [available] = useStore<Array<{ index: string; source?: string }>>(`${key}.availableColumns`, []);
  const [omit] = useStore<string[] | undefined>(`${key}.omit`, undefined);
  const [columns] = useStore<string[] | undefined>(`${key}.columns`, undefined);
  return shownSources(available, omit, columns);
}

const today = () => new Date().toISOString().slice(0, 10);

export interface ExcelExportButtonProps {
  /** Every column the list can export; the column chooser's selection decides which are written. */
  columns: ExportColumn[];
  /** The file's name without `.xlsx` (default: the resource and today's date). */
  filename?: string;
  /** The column chooser's key when the datagrid sets its own `preferenceKey`. */
  preferenceKey?: string;
}

/**
 * Excel export: the list's rows under its active filters, with the columns it shows, as a real .xlsx (titles in
 * the user's language, money as numbers beside a currency column, dates as dates). Pages of rows are read with a
 * progress bar and the workbook is written in a Web Worker, so 50,000 rows export without freezing the page.
 */
export function ExcelExportButton({ columns, filename, preferenceKey }: ExcelExportButtonProps) {
  const { resource, filter, filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [dateFormat] = useDateFormat();
  const shown = useShownSources(preferenceKey ?? `${resource}.datagrid`);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [writing, setWriting] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ done: 0, total: total ?? 0 });
    setWriting(false);
    try {
      const name = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
      const buffer = await exportList({
        dataProvider,
        resource,
        filter: { ...filterValues, ...filter },
        sort,
        spec: { name, dateFormat: excelDateFormat(dateFormat) },
        layout: sheetLayout(resource, columns, translate, shown),
        onProgress: (done, all) => {
          setProgress({ done, total: all });
          if (done >= all) setWriting(true);
        },
        signal: controller.signal,
      });
      if (buffer) downloadFile(buffer, `${filename ?? `${resource}-${today()}`}.xlsx`);
      else if (!controller.signal.aborted) notify('excel_export.empty', { type: 'info' });
    } catch (error) {
      console.error(error);
      if (!controller.signal.aborted) notify('ra.notification.http_error', { type: 'error' });
    } finally {
      // a cancelled run that ends late leaves a newer export's progress alone
      if (abort.current === controller) {
        setProgress(null);
        setWriting(false);
      }
    }
  };

  const count = (n: number) => formatLocaleNumber(n, locale);
  return (
    <>
      <Button
        label="ra.action.export"
        onClick={() => void run()}
        disabled={progress !== null || total === 0}
        data-testid="excel-export"
      >
        <DownloadIcon />
      </Button>
      <Dialog open={progress !== null} maxWidth="xs" fullWidth data-testid="excel-export-progress">
        <DialogTitle>{translate('excel_export.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {writing
              ? translate('excel_export.writing')
              : translate('excel_export.reading', {
                  done: count(progress?.done ?? 0),
                  total: count(progress?.total ?? 0),
                })}
          </Typography>
          <LinearProgress
            variant={writing ? 'indeterminate' : 'determinate'}
            value={progress?.total ? (100 * progress.done) / progress.total : 0}
          />
        </DialogContent>
        <DialogActions>
          <Button
            label="ra.action.cancel"
            onClick={() => {
              abort.current?.abort();
              setProgress(null);
            }}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

import { workbookBytes, type SheetSpec } from './excelBook';
import type { ExportCell } from './excelColumns';

/** What the page sends: the sheet's columns first, then the rows page by page, then `finish`. */
export type ExcelWorkerMessage =
  { type: 'start'; spec: SheetSpec } | { type: 'rows'; rows: ExportCell[][] } | { type: 'finish' };

/** What the worker answers: the file, or why it could not write it. */
export type ExcelWorkerAnswer = { type: 'done'; buffer: ArrayBuffer } | { type: 'error'; message: string };

/** The worker's own scope (the DOM library, not the webworker one, types this project). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ExcelWorkerMessage>) => void) | null;
  postMessage: (message: ExcelWorkerAnswer, transfer?: Transferable[]) => void;
};

let spec: SheetSpec | undefined;
let rows: ExportCell[][] = [];

/** Builds the workbook off the page's thread, so a list of 50,000 rows exports without freezing the screen. */
scope.onmessage = async (event: MessageEvent<ExcelWorkerMessage>) => {
  const message = event.data;
  if (message.type === 'start') {
    spec = message.spec;
    rows = [];
  } else if (message.type === 'rows') rows.push(...message.rows);
  else if (spec) {
    try {
      const buffer = await workbookBytes(spec, rows);
      scope.postMessage({ type: 'done', buffer } satisfies ExcelWorkerAnswer, [buffer]);
    } catch (error) {
      scope.postMessage({ type: 'error', message: String(error) } satisfies ExcelWorkerAnswer);
    }
  }
};

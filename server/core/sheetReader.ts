import { Worker } from 'node:worker_threads';

/** A row of the first sheet that holds something: its number and its non-empty cells' text by column number. */
export interface SheetRow {
  row: number;
  cells: Record<number, string>;
}
export type SheetAnswer = { rows: SheetRow[] } | { failed: 'unreadable' | 'empty' | 'too_large' };

/** How much memory and time the reading of one workbook may take (IMPORT_MEMORY_MB, IMPORT_SECONDS). */
export interface SheetLimits {
  memoryMb: number;
  seconds: number;
}

const WORKER = new URL('./sheetWorker.mjs', import.meta.url);

let worker: { thread: Worker; memoryMb: number } | null = null;
let queue: Promise<unknown> = Promise.resolve();
let jobs = 0;

function thread(memoryMb: number): Worker {
  if (worker?.memoryMb === memoryMb) return worker.thread;
  void worker?.thread.terminate();
  const started = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  // a warm reader does not keep the process alive
  started.unref();
  started.on('exit', () => {
    if (worker?.thread === started) worker = null;
  });
  worker = { thread: started, memoryMb };
  return started;
}

/**
 * One workbook read on the worker: its answer, or 'too_large' when the thread ran out of memory or time (then ended).
 */
function readOnWorker(buffer: Buffer, limits: SheetLimits): Promise<SheetAnswer> {
  return new Promise((resolve, reject) => {
    const job = ++jobs;
    const reader = thread(limits.memoryMb);
    const done = () => {
      clearTimeout(timer);
      reader.off('message', answered).off('error', failed).off('exit', ended);
    };
    // a thread that ran out of memory or time is gone: the next workbook starts another
    const forget = () => {
      if (worker?.thread === reader) worker = null;
    };
    const answered = (message: { job: number; answer: SheetAnswer }) => {
      if (message.job !== job) return;
      done();
      resolve(message.answer);
    };
    const failed = (error: Error & { code?: string }) => {
      done();
      forget();
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve({ failed: 'too_large' });
      else reject(error);
    };
    const ended = () => {
      done();
      forget();
      resolve({ failed: 'too_large' });
    };
    const timer = setTimeout(() => {
      done();
      forget();
      void reader.terminate();
      resolve({ failed: 'too_large' });
    }, limits.seconds * 1000);
    reader.on('message', answered).on('error', failed).on('exit', ended);
    // a copy the worker owns: an upload's Buffer may be a slice of a larger pool
    const copy = new Uint8Array(buffer).buffer;
    reader.postMessage({ job, buffer: copy }, [copy]);
  });
}

const answers = new WeakMap<Buffer, Promise<SheetAnswer>>();

/**
 * The first sheet of an uploaded workbook, read on a worker thread within `limits`, one workbook at a time. The same
 * upload asked for twice (an import that looks up its rows' references first) is read once.
 */
export function readWorkbook(buffer: Buffer, limits: SheetLimits): Promise<SheetAnswer> {
  let answer = answers.get(buffer);
  if (!answer) {
    answer = queue.then(() => readOnWorker(buffer, limits));
    queue = answer.catch(() => undefined);
    answers.set(buffer, answer);
  }
  return answer;
}

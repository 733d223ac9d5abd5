import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../core/errors';

const TIMEOUT_MS = Number(process.env.SOFFICE_TIMEOUT_MS ?? 90_000);

/** Where LibreOffice is: SOFFICE_PATH (tests point it at nothing to see the 503), else `soffice` on the PATH. */
export async function findSoffice(): Promise<string | null> {
  const configured = process.env.SOFFICE_PATH;
  const candidates = configured
    ? [configured]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'soffice'));
  for (const candidate of candidates) {
    try {
      await fs.access(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** LibreOffice does not survive two conversions at once: one at a time, each on its own profile. */
let queue: Promise<unknown> = Promise.resolve();

function convertOnce(soffice: string, docx: Buffer): Promise<Buffer> {
  return (async () => {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'contract-'));
    const profile = path.join(os.tmpdir(), `lo-${randomUUID()}`);
    try {
      const input = path.join(work, 'contract.docx');
      await fs.writeFile(input, docx);
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          soffice,
          [
            `-env:UserInstallation=file://${profile}`,
            '--headless',
            '--norestore',
            '--nologo',
            '--convert-to',
            'pdf',
            '--outdir',
            work,
            input,
          ],
          { stdio: 'ignore', detached: true },
        );
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            child.kill('SIGKILL');
          }
          reject(new Error('soffice timed out'));
        }, TIMEOUT_MS);
        child.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        child.on('exit', (code) => {
          clearTimeout(timer);
          if (code === 0) resolve();
          else reject(new Error(`soffice exited with ${code}`));
        });
      });
      return await fs.readFile(path.join(work, 'contract.pdf'));
    } finally {
      await Promise.all([
        fs.rm(work, { recursive: true, force: true }),
        fs.rm(profile, { recursive: true, force: true }),
      ]);
    }
  })();
}

/** A .docx as PDF through LibreOffice headless; 503 when LibreOffice is not installed or the conversion fails. */
export async function convertToPdf(docx: Buffer): Promise<Buffer> {
  const soffice = await findSoffice();
  if (!soffice) throw new AppError(503, 'templates.errors.no_pdf');
  const run = queue.then(() => convertOnce(soffice, docx));
  queue = run.catch(() => undefined);
  try {
    return await run;
  } catch {
    throw new AppError(503, 'templates.errors.pdf_failed');
  }
}

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../core/errors';

const TIMEOUT_MS = Number(process.env.SOFFICE_TIMEOUT_MS ?? 90_000);

/**
 * The profile every conversion starts from: a linked image (or any link) of a document outside the trusted locations
 * (there are none) is never loaded, and Writer never updates links while loading.
 */
const setting = (path: string, name: string, value: string) =>
  `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse">${value}</prop></item>`;
const PROFILE_SETTINGS = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema">',
  setting('/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', '<value>true</value>'),
  setting('/org.openoffice.Office.Common/Security/Scripting', 'SecureURL', '<value/>'),
  setting('/org.openoffice.Office.Writer/Content/Update', 'Link', '<value>0</value>'),
  '</oor:items>',
].join('\n');

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

const exitCode = (command: string, args: string[]) =>
  new Promise<number | null>((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });

/**
 * The converter runs in a network namespace of its own when the machine allows one (`unshare -rn`: a user namespace, so
 * no privilege is needed): there it reaches no address at all, not even this machine's. Asked once.
 */
let sandbox: Promise<string[] | null> | undefined;
export const networkSandbox = () =>
  (sandbox ??= exitCode('unshare', ['-rn', 'true']).then((code) => (code === 0 ? ['unshare', '-rn'] : null)));

let warned = false;

/** LibreOffice does not survive two conversions at once: one at a time, each on its own profile. */
let queue: Promise<unknown> = Promise.resolve();

function convertOnce(soffice: string, docx: Buffer): Promise<Buffer> {
  return (async () => {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'contract-'));
    const profile = path.join(os.tmpdir(), `lo-${randomUUID()}`);
    try {
      const input = path.join(work, 'contract.docx');
      await fs.writeFile(input, docx);
      await fs.mkdir(path.join(profile, 'user'), { recursive: true });
      await fs.writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
      const [command, ...wrapper] = [...((await networkSandbox()) ?? []), soffice];
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          command,
          [
            ...wrapper,
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

/**
 * A .docx as PDF through LibreOffice headless, which fetches nothing (its profile's settings, and its own network
 * namespace where the machine allows one); 503 when LibreOffice is not installed or the conversion fails.
 */
export async function convertToPdf(docx: Buffer, warn: (message: string) => void): Promise<Buffer> {
  const soffice = await findSoffice();
  if (!soffice) throw new AppError(503, 'templates.errors.no_pdf');
  if (!(await networkSandbox()) && !warned) {
    warned = true;
    warn(
      'LibreOffice runs without a network namespace of its own (unshare -rn is refused here): ' +
        'its profile still loads no link',
    );
  }
  const run = queue.then(() => convertOnce(soffice, docx));
  queue = run.catch(() => undefined);
  try {
    return await run;
  } catch {
    throw new AppError(503, 'templates.errors.pdf_failed');
  }
}

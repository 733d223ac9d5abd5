import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { hmac, safeEqual } from './crypto';
import { AppError } from './errors';
import type { UploadedFile } from './types';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const zip = (b: Buffer) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
const ole = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));

/**
 * Each type a file may be uploaded as: the extensions its name may end in, and its first bytes. A renamed file is not
 * trusted by its name, its header or its content alone.
 */
const UPLOAD_TYPES: Record<string, { extensions: readonly string[]; startsRight: (b: Buffer) => boolean }> = {
  'application/pdf': { extensions: ['.pdf'], startsRight: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  'application/msword': { extensions: ['.doc'], startsRight: ole },
  'application/vnd.ms-excel': { extensions: ['.xls'], startsRight: ole },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    extensions: ['.docx'],
    startsRight: zip,
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { extensions: ['.xlsx'], startsRight: zip },
  'image/png': {
    extensions: ['.png'],
    startsRight: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  'image/jpeg': { extensions: ['.jpg', '.jpeg'], startsRight: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/gif': { extensions: ['.gif'], startsRight: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  'image/webp': {
    extensions: ['.webp'],
    startsRight: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
};
/** What browsers send for a file whose type they do not know (Office files): the name and the first bytes decide. */
const GENERIC_TYPES = ['application/octet-stream', 'application/zip', 'application/x-zip-compressed'];

/**
 * The one rule for every uploaded file: its name ends in an extension of one of the types `accept` lists, the type the
 * browser sent is that one (or one it sends for files it does not know), and the content starts as that type does.
 * Answers the type the file is stored as; otherwise a 422 on `field` with `refusal` (a catalogue key).
 */
export function uploadedType(
  file: UploadedFile,
  accept: readonly string[],
  field: string,
  refusal = 'validation.file_type',
): string {
  const extension = path.extname(file.filename).toLowerCase();
  const type = accept.find((t) => UPLOAD_TYPES[t]?.extensions.includes(extension));
  const sent = file.mimetype.toLowerCase();
  if (!type || (sent !== type && !GENERIC_TYPES.includes(sent)) || !UPLOAD_TYPES[type].startsRight(file.buffer))
    throw new AppError(422, 'server.invalid_input', {}, { [field]: [refusal] });
  return type;
}

const SIGNED_URL_TTL_SECONDS = 6 * 3600;

/** The path of the stored file an `/api/files/...` address names (signature unchecked), or null for another address. */
export function storedPath(address: string): string | null {
  const match = /^\/api\/files\/([^?#]+)/.exec(address);
  if (!match) return null;
  try {
    const relative = decodeURIComponent(match[1]);
    return relative.split('/').some((part) => part === '..' || part === '') ? null : relative;
  } catch {
    return null;
  }
}

/**
 * Uploaded files under FILES_DIR. They are served only through signed, expiring URLs that a route hands out
 * after it has checked that the user may see the owning record.
 */
/** A size in megabytes as a person reads it: 20, 1.5, 0.002. */
export const megabytes = (bytes: number) => Number((bytes / 1024 / 1024).toPrecision(2));

export class FileStore {
  constructor(
    private readonly root: string,
    private readonly secret: string,
    readonly maxBytes: number,
  ) {}

  /** Stores an upload that passes `uploadedType` under a name of its own; answers its path under FILES_DIR. */
  async save(
    folder: string,
    file: UploadedFile,
    accept: readonly string[],
    field: string,
    refusal?: string,
  ): Promise<string> {
    uploadedType(file, accept, field, refusal);
    if (file.buffer.length > this.maxBytes)
      throw new AppError(413, 'server.file_too_large', { mb: megabytes(this.maxBytes) });
    const extension = path.extname(file.filename).toLowerCase();
    const relative = path.posix.join(folder, `${randomUUID()}${extension}`);
    await fs.mkdir(path.join(this.root, folder), { recursive: true });
    await fs.writeFile(path.join(this.root, relative), file.buffer);
    return relative;
  }

  async remove(relative: string | null | undefined) {
    if (relative) await fs.rm(this.resolve(relative), { force: true });
  }

  resolve(relative: string): string {
    const full = path.resolve(this.root, relative);
    if (!full.startsWith(this.root + path.sep)) throw new AppError(404, 'server.not_found');
    return full;
  }

  signedUrl(relative: string | null | undefined, now = Date.now()): string | null {
    if (!relative) return null;
    const expires = Math.floor(now / 1000) + SIGNED_URL_TTL_SECONDS;
    return `/api/files/${relative}?expires=${expires}&signature=${hmac(this.secret, `${relative}:${expires}`)}`;
  }

  /**
   * The stored file a signed address of this server names (`/api/files/<path>?expires=…&signature=…`), whatever its
   * expiry: an address kept in a template outlives its hours, the signature shows the server handed it out. Null for
   * any other address.
   */
  signedPath(address: string): string | null {
    const relative = storedPath(address);
    const query = new URLSearchParams(address.split('?')[1] ?? '');
    const signature = query.get('signature');
    if (!relative || !signature) return null;
    return safeEqual(signature, hmac(this.secret, `${relative}:${query.get('expires')}`)) ? relative : null;
  }

  verify(relative: string, expires: number, signature: string, now = Date.now()): boolean {
    return expires * 1000 > now && safeEqual(signature, hmac(this.secret, `${relative}:${expires}`));
  }
}

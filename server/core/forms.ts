import fp from 'fastify-plugin';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { AppError } from './errors';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './jsonDepth';
import type { UploadedFile } from './types';

type Part = MultipartFile | MultipartValue;

/** A NUL, or half of a surrogate pair: PostgreSQL cannot store either in text or jsonb. */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The fields (dotted paths) of a body or query whose text PostgreSQL could not store. */
export const unstorableFields = (value: unknown, path = '', found: string[] = []): string[] => {
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) found.push(path || 'body');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableFields(item, path ? `${path}.${i}` : String(i), found));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) found.push(path || 'body');
      else unstorableFields(item, path ? `${path}.${key}` : key, found);
    }
  }
  return found;
};

/**
 * Control characters, which a file name has no use for, and the marks that reorder text on screen: a right-to-left
 * override shows `invoice\u202Efdp.exe` as "invoiceexe.pdf".
 */
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const BROKEN_UNICODE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** An uploaded file's name as it may be stored: no control or reordering characters, broken unicode replaced. */
const storableFileName = (name: string) =>
  name.replace(CONTROL_CHARACTERS, '').replace(BROKEN_UNICODE, '\ufffd') || 'file';

/** Lists send arrays as `key[]=a&key[]=b`; every route reads them as `key` (always a list). */
export const withoutArrayBrackets = (query: unknown) => {
  if (!query || typeof query !== 'object') return query;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    out[name] = name in out ? [out[name], value].flat() : key.endsWith('[]') ? [value].flat() : value;
  }
  return out;
};

/**
 * Multipart bodies become plain objects (fields) and `request.uploads` (files), so one zod schema validates
 * a route whether the browser sends JSON or a form. Every PUT and PATCH route also answers POST with
 * `_method=PUT|PATCH` in the body, through a twin registered here.
 */
export const formsPlugin = fp(async (app) => {
  // Fastify's own JSON parser (secure-json-parse), after a look at the nesting: a body ten thousand levels deep would
  // otherwise overflow the stack of whatever walks it next and answer 500
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedDeeperThan(body as string)) done(new AppError(400, 'server.body_too_deep', { depth: MAX_JSON_DEPTH }));
    else parseJson(request, body as string, done);
  });
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: app.config.maxUploadBytes, files: 20, fields: 200, fieldSize: 1024 * 1024 },
    onFile: async (part) => {
      const file: UploadedFile = {
        filename: storableFileName(part.filename),
        mimetype: part.mimetype,
        buffer: await part.toBuffer(),
      };
      (part as unknown as { value: UploadedFile }).value = file;
    },
  });
  app.decorateRequest('uploads', null as never);

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const override = methods.find((m): m is 'PUT' | 'PATCH' => m === 'PUT' || m === 'PATCH');
    if (!override || !route.url.startsWith('/api') || route.config?.overrideOf) return;
    app.after(() => {
      app.route({ ...route, method: 'POST', config: { ...route.config, overrideOf: override } } as never);
    });
  });

  app.addHook('preValidation', async (request) => {
    request.query = withoutArrayBrackets(request.query);
    request.uploads = {};
    if (request.isMultipart() && request.body && typeof request.body === 'object') {
      const fields: Record<string, unknown> = {};
      for (const [rawName, value] of Object.entries(request.body as Record<string, Part | Part[]>)) {
        const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName;
        const parts = [value].flat();
        const files = parts
          .filter((p): p is MultipartFile => p.type === 'file')
          .map((p) => (p as unknown as { value: UploadedFile }).value);
        const values = parts.filter((p): p is MultipartValue => p.type === 'field').map((p) => p.value);
        if (files.length) request.uploads[name] = files.filter((f) => f.buffer.length > 0);
        if (values.length) fields[name] = rawName.endsWith('[]') || values.length > 1 ? values : values[0];
      }
      request.body = fields;
    }
    const unstorable = [
      ...unstorableFields(request.body),
      ...unstorableFields(request.query),
      ...unstorableFields(request.params),
    ];
    if (unstorable.length) {
      throw new AppError(
        422,
        'server.invalid_input',
        {},
        Object.fromEntries(unstorable.map((field) => [field, ['validation.invalid_text']])),
      );
    }
    const expected = request.routeOptions.config?.overrideOf;
    if (expected) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (String(body._method ?? '').toUpperCase() !== expected) throw new AppError(405, 'server.route_not_found');
    }
    if (request.body && typeof request.body === 'object' && '_method' in request.body)
      delete (request.body as Record<string, unknown>)._method;
  });
});

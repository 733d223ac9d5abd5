import fp from 'fastify-plugin';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { AppError } from './errors';
import type { UploadedFile } from './types';

type Part = MultipartFile | MultipartValue;

/** DESIGN §4 sends arrays as `key[]=a&key[]=b`; every route reads them as `key` (always a list). */
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
 * `_method=PUT|PATCH` in the body (DESIGN §4), through a twin registered here.
 */
export const formsPlugin = fp(async (app) => {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: app.config.maxUploadBytes, files: 20, fields: 200, fieldSize: 1024 * 1024 },
    onFile: async (part) => {
      const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, buffer: await part.toBuffer() };
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
        const files = parts.filter((p): p is MultipartFile => p.type === 'file').map((p) => (p as unknown as { value: UploadedFile }).value);
        const values = parts.filter((p): p is MultipartValue => p.type === 'field').map((p) => p.value);
        if (files.length) request.uploads[name] = files.filter((f) => f.buffer.length > 0);
        if (values.length) fields[name] = rawName.endsWith('[]') || values.length > 1 ? values : values[0];
      }
      request.body = fields;
    }
    const expected = request.routeOptions.config?.overrideOf;
    if (expected) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (String(body._method ?? '').toUpperCase() !== expected) throw new AppError(405, 'server.route_not_found');
    }
    if (request.body && typeof request.body === 'object' && '_method' in request.body) delete (request.body as Record<string, unknown>)._method;
  });
});

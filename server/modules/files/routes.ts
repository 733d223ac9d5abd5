import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../core/errors';

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

/** Stored files, served only through the signed, expiring URLs that record routes hand out. */
export default async function filesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/files/*',
    {
      config: { access: 'signed' },
      schema: {
        tags: ['files'],
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const relative = (request.params as { '*': string })['*'];
      if (!app.files.verify(relative, request.query.expires, request.query.signature))
        throw new AppError(404, 'server.not_found');
      const full = app.files.resolve(relative);
      if (!fs.existsSync(full)) throw new AppError(404, 'server.not_found');
      const type = TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
      return reply
        .header('content-type', type)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(full));
    },
  );
}

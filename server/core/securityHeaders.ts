import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer (CSP the app works under, frame-ancestors, nosniff, referrer policy, …).
 * Its middleware is made once: @fastify/helmet made it anew at every request, parsing the policy each time (2 % of the
 * API's CPU under load).
 */
export const securityHeadersPlugin = fp(async (app) => {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
});

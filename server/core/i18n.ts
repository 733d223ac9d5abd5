import fp from 'fastify-plugin';
import { pickLocale, translate } from '../../i18n';

/** Content-Language (or Accept-Language) chooses the language of every message the server writes. */
export const i18nPlugin = fp(async (app) => {
  app.decorateRequest('locale', 'ka');
  app.decorateRequest('t', function (key: string, params?: Record<string, string | number>) {
    return translate(this.locale, key, params);
  });
  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(
      (request.headers['content-language'] as string) ?? (request.headers['accept-language'] as string),
    );
  });
});

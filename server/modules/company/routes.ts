import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formBoolean, requiredText } from '../../../domain/validation';
import { recordWrite } from '../../core/activityLog';
import { IMAGE_TYPES } from '../../core/files';
import { needs } from '../../core/types';
import {
  blankIsNull,
  optionalEmailOrNull,
  optionalPersonalNumber,
  optionalPhone,
  optionalText,
  optionalWebsite,
} from '../../core/fields';
import { createCompanyRepository } from './repository';
import { dataAnswer } from '../../core/answers';
import { companySavedSchema, companySchema } from '../../../domain/contracts/company';

const tags = ['company'];

/** A Georgian company's identification code: 9 digits, or 11 for an individual entrepreneur. */
const identificationCode = () =>
  z
    .preprocess(
      blankIsNull,
      z
        .string()
        .trim()
        .regex(/^(\d{9}|\d{11})$/, { error: 'sites.identification_code' })
        .nullable(),
    )
    .optional();

const companyBody = z.object({
  name: requiredText(255),
  identification_code: identificationCode(),
  director: optionalText(255),
  director_pid: optionalPersonalNumber(),
  phone: optionalPhone(),
  email: optionalEmailOrNull(),
  address: optionalText(500),
  website: optionalWebsite(),
  remove_logo: formBoolean().optional(),
});

/** GET /company and POST /company (multipart with the logo), the one company of this deployment. */
export default async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = createCompanyRepository(app.db, app.files);

  app.get(
    '/company',
    {
      config: { access: needs('view_general_company') },
      schema: { tags, response: dataAnswer(companySchema.nullable()) },
    },
    async () => ({ data: await repo.get() }),
  );

  app.post(
    '/company',
    {
      config: { access: needs('edit_general_company'), recordsItself: true },
      schema: { tags, body: companyBody, response: { 200: companySavedSchema, 201: companySavedSchema } },
    },
    async (request, reply) => {
      const { remove_logo, ...fields } = request.body;
      const file = request.uploads.logo?.[0];
      const logoPath = file ? await app.files.save('logos', file, IMAGE_TYPES, 'logo') : remove_logo ? null : undefined;
      try {
        const saved = await repo.save({ ...fields, logoPath }, (created) => recordWrite(request, created ? 201 : 200));
        await app.files.remove(saved.replacedLogo);
        return reply
          .status(saved.created ? 201 : 200)
          .send({ data: saved.data, message: request.t('app.record_updated') });
      } catch (error) {
        if (logoPath) await app.files.remove(logoPath);
        throw error;
      }
    },
  );
}

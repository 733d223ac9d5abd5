import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contractOptionsSchema,
  contractPdfSchema,
  contractPreviewSchema,
  saleContractSchema,
} from '../../../domain/contracts/templates';
import { DATE_FORMATS, type DateFormat } from '../../../domain/dateFormats';
import { fillPlaceholders, TEMPLATE_LANGUAGES, type TemplateLanguage } from '../../../domain/documentPlaceholders';
import { translate } from '../../../i18n';
import { currentUser } from '../../core/access';
import { createdAnswer, dataAnswer } from '../../core/answers';
import { notFound } from '../../core/errors';
import { oneOf, optionalOneOf, pathId, queryId } from '../../core/fields';
import { needs } from '../../core/types';
import { createDocTemplatesRepository } from '../docTemplates';
import { refuseViewOnly, visibleSale } from '../saleLedger';
import { createWordTemplatesRepository, DOCX } from '../wordTemplates';
import { loadContractData } from './data';
import { convertToPdf, findSoffice } from './pdf';
import { renderTemplate, type PrintSource } from './render';
import { createContractsRepository } from './repository';
import { recordWrite } from '../../core/activityLog';

const tags = ['contracts'];
const readers = needs('view_sales', 'view_only_own_sales');
const printers = needs('add_sales', 'edit_sales');

const saleParams = z.object({ id: pathId() });
const contractParams = saleParams.extend({ contractId: pathId() });
const printRequest = z.object({
  template_kind: oneOf(['word', 'doc'] as const),
  template_id: queryId(),
  locale: optionalOneOf(TEMPLATE_LANGUAGES),
  date_format: optionalOneOf(DATE_FORMATS),
});

const safeName = (text: string) =>
  [...text]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 120);

/**
 * Contracts printed from the sale page: GET /sales/{id}/contracts (the print dialog's templates, the earlier
 * prints, whether PDF works), GET /sales/{id}/contracts/preview (the filled document, the missing placeholders),
 * POST /sales/{id}/contracts (the .docx kept with the sale's files), POST /sales/{id}/contracts/{contractId}/pdf.
 */
export default async function contractsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const docTemplates = createDocTemplatesRepository(app.db);
  const wordTemplates = createWordTemplatesRepository(app.db);
  const repo = createContractsRepository(app.db, app.files);

  const sourceOf = async (kind: 'word' | 'doc', id: number): Promise<PrintSource> => {
    const row = kind === 'doc' ? await docTemplates.find(id) : await wordTemplates.find(id);
    if (!row) throw notFound();
    return kind === 'doc'
      ? { kind, row: row as PrintSource['row'] & { body: string } }
      : ({ kind, row } as PrintSource);
  };

  /** Loads the sale (404 outside the user's scope), fills the template in the asked language. */
  const fill = async (request: FastifyRequest, input: z.infer<typeof printRequest>, withDocx: boolean) => {
    const user = currentUser(request);
    const sale = await visibleSale(app.db, user, (request.params as { id: number }).id);
    const source = await sourceOf(input.template_kind, input.template_id);
    const locale: TemplateLanguage = input.locale ?? (sale.contractLanguage as TemplateLanguage) ?? source.row.language;
    const dateFormat: DateFormat = input.date_format ?? 'DD.MM.YYYY';
    const { data, contractNo } = await loadContractData(app.db, app.files, user, sale.id, { locale, dateFormat });
    const filled = fillPlaceholders(data, {
      locale,
      dateFormat,
      label: (vocabulary, value) => translate(locale, `enums.${vocabulary}.${value}`),
    });
    const rendered = await renderTemplate(source, filled, locale, app.files, withDocx);
    return { sale, source, locale, contractNo, ...rendered };
  };

  app.get(
    '/sales/:id/contracts',
    {
      config: { access: readers },
      schema: { tags, params: saleParams, response: dataAnswer(contractOptionsSchema) },
    },
    async (request) => {
      const sale = await visibleSale(app.db, currentUser(request), request.params.id);
      const [docs, words, contracts, soffice] = await Promise.all([
        docTemplates.list(),
        wordTemplates.list(),
        repo.list(sale.id),
        findSoffice(),
      ]);
      const templates = [
        ...words.map((t) => ({ kind: 'word' as const, id: t.id, name: t.name, type: t.type, language: t.language })),
        ...docs.map((t) => ({ kind: 'doc' as const, id: t.id, name: t.name, type: t.type, language: t.language })),
      ];
      return {
        data: {
          templates,
          contracts,
          contract_language: (sale.contractLanguage as TemplateLanguage | null) ?? null,
          pdf_available: soffice !== null,
        },
      };
    },
  );

  app.get(
    '/sales/:id/contracts/preview',
    {
      config: { access: readers },
      schema: { tags, params: saleParams, querystring: printRequest, response: dataAnswer(contractPreviewSchema) },
    },
    async (request) => {
      const { html, missing, unknown } = await fill(request, request.query, false);
      return { data: { html, missing, unknown } };
    },
  );

  app.post(
    '/sales/:id/contracts',
    {
      config: { access: printers, recordType: 'sales', logAction: 'contract_made', recordsItself: true },
      schema: { tags, params: saleParams, body: printRequest, response: createdAnswer(saleContractSchema) },
    },
    async (request, reply) => {
      const user = currentUser(request);
      refuseViewOnly(user);
      const printed = await fill(request, request.body, true);
      const typeName = translate(printed.locale, `templates.types.${printed.source.row.type}`);
      const originalName = `${safeName(`${typeName} ${printed.contractNo ?? printed.sale.id} ${printed.locale}`)}.docx`;
      const stored = await app.files.save(
        'documents/sale',
        { filename: originalName, mimetype: DOCX, buffer: printed.docx! },
        [DOCX],
        'file',
      );
      try {
        const contract = await repo.keep(
          {
            saleId: printed.sale.id,
            templateKind: printed.source.kind,
            templateId: printed.source.row.id,
            templateName: printed.source.row.name,
            type: printed.source.row.type,
            locale: printed.locale,
            missing: printed.missing,
            createdBy: user.id,
          },
          {
            originalName,
            path: stored,
            mimetype: DOCX,
            size: printed.docx!.length,
            title: `${typeName}: ${printed.source.row.name}`,
          },
          printed.sale.buildingId,
          recordWrite(request, 201),
        );
        return reply.status(201).send({ data: contract });
      } catch (error) {
        await app.files.remove(stored);
        throw error;
      }
    },
  );

  app.post(
    '/sales/:id/contracts/:contractId/pdf',
    {
      config: { access: readers, readOnly: true },
      schema: { tags, params: contractParams, response: dataAnswer(contractPdfSchema) },
    },
    async (request) => {
      await visibleSale(app.db, currentUser(request), request.params.id);
      const row = await repo.find(request.params.id, request.params.contractId);
      if (!row) throw notFound();
      if (row.contract.pdfPath) return { data: { url: app.files.signedUrl(row.contract.pdfPath)! } };
      const pdf = await convertToPdf(await fs.readFile(app.files.resolve(row.file.path)), (m) => request.log.warn(m));
      const stored = await app.files.save(
        'documents/sale',
        { filename: row.file.originalName.replace(/\.docx$/i, '.pdf'), mimetype: 'application/pdf', buffer: pdf },
        ['application/pdf'],
        'file',
      );
      await repo.setPdf(row.contract.id, stored);
      return { data: { url: app.files.signedUrl(stored)! } };
    },
  );
}

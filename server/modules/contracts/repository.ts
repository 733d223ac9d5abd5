import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentFiles, saleContracts, users } from '../../db/schema';
import type { FileStore } from '../../core/files';
import type { RecordWrite } from '../../core/activityLog';

/** The printed contracts' queries: each is a file of the sale (document_files) and a row saying how it was made. */
export function createContractsRepository(db: Db, files: FileStore) {
  const select = () =>
    db
      .select({ contract: saleContracts, file: documentFiles, createdByName: users.fullName })
      .from(saleContracts)
      .innerJoin(documentFiles, eq(documentFiles.id, saleContracts.documentFileId))
      .leftJoin(users, eq(users.id, saleContracts.createdBy));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

  const present = ({ contract: c, file: f, createdByName }: Row) => ({
    id: c.id,
    sale_id: c.saleId,
    document_id: f.id,
    original_name: f.originalName,
    mimetype: f.mimetype,
    size: f.size,
    url: files.signedUrl(f.path),
    template_kind: c.templateKind,
    template_id: c.templateId,
    template_name: c.templateName,
    type: c.type,
    locale: c.locale,
    missing: c.missing,
    created_by_name: createdByName,
    created_at: c.createdAt.toISOString(),
    pdf_url: files.signedUrl(c.pdfPath),
  });

  return {
    present,
    async list(saleId: number) {
      return (await select().where(eq(saleContracts.saleId, saleId)).orderBy(desc(saleContracts.id))).map(present);
    },
    async find(saleId: number, id: number) {
      const [row] = await select().where(eq(saleContracts.id, id));
      return row && row.contract.saleId === saleId ? row : undefined;
    },
    /**
     * Keeps a printed contract with the sale's files (one transaction, its line naming the sale of complex
     * `buildingId`); earlier prints stay.
     */
    async keep(
      values: Omit<typeof saleContracts.$inferInsert, 'documentFileId'>,
      file: { originalName: string; path: string; mimetype: string; size: number; title: string },
      buildingId: number,
      record: RecordWrite,
    ) {
      const id = await db.transaction(async (tx) => {
        const [document] = await tx
          .insert(documentFiles)
          .values({ ownerType: 'sale', ownerId: values.saleId, uploadedBy: values.createdBy, ...file })
          .returning({ id: documentFiles.id });
        const [contract] = await tx
          .insert(saleContracts)
          .values({ ...values, documentFileId: document.id })
          .returning({ id: saleContracts.id });
        await record(tx, { recordId: values.saleId, buildingId });
        return contract.id;
      });
      const [row] = await select().where(eq(saleContracts.id, id));
      return present(row);
    },
    async setPdf(id: number, pdfPath: string) {
      await db.update(saleContracts).set({ pdfPath }).where(eq(saleContracts.id, id));
    },
  };
}

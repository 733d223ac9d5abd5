import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RecordWrite } from '../../core/activityLog';
import { companies } from '../../db/schema';
import type { FileStore } from '../../core/files';

type CompanyRow = typeof companies.$inferSelect;

export interface CompanyInput {
  name: string;
  identification_code?: string | null;
  director?: string | null;
  director_pid?: string | null;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  website?: string | null;
  /** undefined keeps the logo, null removes it. */
  logoPath?: string | null;
}

/** The developer's own company: one record, made by the first save of the company page. */
export function createCompanyRepository(db: Db, files: FileStore) {
  const present = (row: CompanyRow) => ({
    id: row.id,
    name: row.name,
    identification_code: row.identificationCode,
    director: row.director,
    director_pid: row.directorPid,
    phone: row.phone,
    email: row.email,
    address: row.address,
    website: row.website,
    logo_url: files.signedUrl(row.logoPath),
    updated_at: row.updatedAt.toISOString(),
  });

  /** The oldest company is "the" company: buildings default to it. */
  async function find(): Promise<CompanyRow | undefined> {
    const [row] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
    return row;
  }

  async function get() {
    const row = await find();
    return row ? present(row) : null;
  }

  /**
   * Creates the company or updates it; answers the record and whether it was new, and the logo it replaced.
   * `record` records the write (a create answers 201, an update 200) last in its transaction; the company is no
   * complex's.
   */
  async function save(input: CompanyInput, record: (created: boolean) => RecordWrite) {
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(companies).orderBy(asc(companies.id)).limit(1).for('update');
      const values = {
        name: input.name,
        ...(input.identification_code !== undefined && { identificationCode: input.identification_code }),
        ...(input.director !== undefined && { director: input.director }),
        ...(input.director_pid !== undefined && { directorPid: input.director_pid }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.email !== undefined && { email: input.email }),
        ...(input.address !== undefined && { address: input.address }),
        ...(input.website !== undefined && { website: input.website }),
        ...(input.logoPath !== undefined && { logoPath: input.logoPath }),
      };
      if (!current) {
        const [row] = await tx.insert(companies).values(values).returning();
        await record(true)(tx, { recordId: row.id, buildingId: null });
        return { data: present(row), created: true, replacedLogo: null };
      }
      const [row] = await tx
        .update(companies)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(companies.id, current.id))
        .returning();
      await record(false)(tx, { recordId: row.id, buildingId: null });
      return {
        data: present(row),
        created: false,
        replacedLogo: input.logoPath !== undefined ? current.logoPath : null,
      };
    });
  }

  return { find, get, save };
}

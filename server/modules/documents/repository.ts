import { and, asc, eq, exists, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { hasAnyPermission } from '../../../domain/access';
import type { Db } from '../../db/client';
import { agents, barterProperties, barters, documentFiles, properties, sales } from '../../db/schema';
import { likePattern, carriedPage, totalCount, type ListQuery } from '../../core/paging';
import { inBuildingScope } from '../../core/scope';
import type { CurrentUser } from '../../core/types';
import { saleVisible } from '../saleLedger';

const SORTABLE = {
  id: documentFiles.id,
  original_name: documentFiles.originalName,
  title: documentFiles.title,
  size: documentFiles.size,
  owner_type: documentFiles.ownerType,
  created_at: documentFiles.createdAt,
};

/**
 * Which files' owners the user may see: an agent's when the user works with agents and the agent is not deleted;
 * a barter's when the user works with barters and one of its units is in the user's buildings; a sale's when the
 * user may see that live sale (its complex in scope; own sales only for view_only_own_sales).
 */
export const visibleOwners = (user: CurrentUser): SQL => {
  const parts: SQL[] = [];
  if (hasAnyPermission(user, ['view_agents', 'add_agents', 'edit_agents', 'delete_agents'])) {
    parts.push(and(eq(documentFiles.ownerType, 'agent'), isNull(agents.deletedAt), sql`${agents.id} is not null`)!);
  }
  if (hasAnyPermission(user, ['view_barters', 'add_barters', 'edit_barters', 'delete_barters'])) {
    const scope = inBuildingScope(user, properties.buildingId);
    const inScope = scope
      ? exists(
          sql`(select 1 from ${barterProperties} join ${properties} on ${properties.id} = ${barterProperties.propertyId} where ${barterProperties.barterId} = ${barters.id} and ${scope})`,
        )
      : sql`true`;
    parts.push(and(eq(documentFiles.ownerType, 'barter'), sql`${barters.id} is not null`, inScope)!);
  }
  if (hasAnyPermission(user, ['view_sales', 'view_only_own_sales'])) {
    parts.push(and(eq(documentFiles.ownerType, 'sale'), sql`${sales.id} is not null`, saleVisible(user))!);
  }
  return parts.length ? or(...parts)! : sql`false`;
};

/** The documents list's query: the files of owners the user may see, with the owner's name parts. */
export function createDocumentsRepository(db: Db) {
  return {
    async list(user: CurrentUser, q: ListQuery & { owner_type?: 'agent' | 'barter' | 'sale' }) {
      const where = and(
        visibleOwners(user),
        q.owner_type ? eq(documentFiles.ownerType, q.owner_type) : undefined,
        q.query
          ? or(
              ilike(documentFiles.originalName, likePattern(q.query)),
              ilike(documentFiles.title, likePattern(q.query)),
            )
          : undefined,
      );
      const matching = () =>
        db
          .select({
            file: documentFiles,
            agentName: agents.name,
            counterparty: barters.counterparty,
            contractNo: sales.contractNo,
            total: totalCount,
          })
          .from(documentFiles)
          .leftJoin(agents, and(eq(documentFiles.ownerType, 'agent'), eq(agents.id, documentFiles.ownerId)))
          .leftJoin(barters, and(eq(documentFiles.ownerType, 'barter'), eq(barters.id, documentFiles.ownerId)))
          .leftJoin(sales, and(eq(documentFiles.ownerType, 'sale'), eq(sales.id, documentFiles.ownerId)))
          .where(where);
      return carriedPage(q, { columns: SORTABLE, fallback: 'created_at', then: asc(documentFiles.id) }, () =>
        matching(),
      );
    },
  };
}

import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { buildingScope, type Principal } from '../../domain/access';

/**
 * The building-scope condition for a query: nothing for a user who sees all buildings, otherwise the
 * column must be one of the assigned buildings (none assigned: no rows). Every list and record of a
 * building-bound resource applies it; a record outside the scope answers 404.
 */
export const inBuildingScope = (user: Principal, buildingColumn: SQLWrapper): SQL | undefined => {
  const scope = buildingScope(user);
  if (scope.all) return undefined;
  return scope.buildingIds.length
    ? sql`${buildingColumn} = any(${sql.param([...scope.buildingIds])}::int[])`
    : sql`false`;
};

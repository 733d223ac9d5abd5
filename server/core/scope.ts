import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { buildingScope, type Principal } from '../../domain/access';
import { value } from '../db/client';

/**
 * The building-scope condition for a query (SPEC §6): nothing for a user who sees all buildings, otherwise the
 * column must be one of the assigned buildings (none assigned: no rows). Every list and record of a
 * building-bound resource applies it; a record outside the scope answers 404.
 */
export const inBuildingScope = (user: Principal, buildingColumn: AnyColumn): SQL | undefined => {
  const scope = buildingScope(user);
  if (scope.all) return undefined;
  // one array parameter: the same statement text for every user of a scope kind (prepared statements)
  return scope.buildingIds.length
    ? sql`${buildingColumn} = any(${sql.param([...scope.buildingIds])}::int[])`
    : sql`false`;
};

/**
 * `inBuildingScope` for a statement compiled once (`compiledOnce`): the user's reach comes as values
 * (`buildingScopeValues`), so one text serves every user.
 */
export const inBuildingScopeCompiled = (buildingColumn: SQL) =>
  sql`(${value('seesAllBuildings')}::boolean or ${buildingColumn} = any(${value('scopeBuildingIds')}::int[]))`;

/** The values of `inBuildingScopeCompiled` for `user`. */
export const buildingScopeValues = (user: Principal) => {
  const scope = buildingScope(user);
  return { seesAllBuildings: scope.all, scopeBuildingIds: scope.all ? [] : [...scope.buildingIds] };
};

import { sql } from 'drizzle-orm';
import { rows, type Db, type Tx } from '../../db/client';

/**
 * can_be_responsible_sale_manager marks the users who may be responsible for a customer or a sale.
 * An active, not deleted user holds it through one of their roles.
 */
const holdsPermission = sql`u.deleted_at is null and u.active
  and exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
              where ur.user_id = u.id and rp.permission = 'can_be_responsible_sale_manager')`;

/** The users one may pick as responsible sale manager, by name. */
export async function responsibleManagers(db: Db | Tx) {
  return rows<{ id: number; full_name: string }>(
    db,
    sql`select u.id, u.full_name from users u where ${holdsPermission} order by u.full_name, u.id`,
  );
}

export async function isResponsibleManager(db: Db | Tx, userId: number) {
  return (await rows(db, sql`select 1 from users u where u.id = ${userId} and ${holdsPermission}`)).length > 0;
}

/**
 * Active, not deleted users who hold any of these permissions through a role, by name
 * (whom a task or ticket may go to).
 */
export async function usersHolding(db: Db | Tx, permissions: readonly string[]) {
  return rows<{ id: number; full_name: string }>(
    db,
    sql`select u.id, u.full_name from users u
      where u.deleted_at is null and u.active
        and exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
                    where ur.user_id = u.id and rp.permission = any(${sql.param([...permissions])}::text[]))
      order by u.full_name, u.id`,
  );
}

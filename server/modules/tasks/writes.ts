import { and, eq, isNull } from 'drizzle-orm';
import type { TaskPriority, TaskStatus } from '../../../domain/work';
import type { Tx } from '../../db/client';
import { customers, properties, sales, taskParticipants, tasks } from '../../db/schema';
import { invalid } from '../../core/errors';
import { inBuildingScope } from '../../core/scope';
import type { CurrentUser } from '../../core/types';
import { visibleTo } from '../customers';
import { saleVisible } from '../saleLedger';

/** What POST /tasks writes (the route has validated the fields). */
export interface TaskInput {
  id?: number | null;
  title: string;
  description?: string | null;
  priority: TaskPriority;
  due_date?: string | null;
  status: TaskStatus;
  assignee_id?: number | null;
  participant_ids: number[];
  customer_id?: number | null;
  sale_id?: number | null;
  property_id?: number | null;
}

/**
 * The complex the task is about, after checking the user may see what it links to; a link the user may not see is
 * refused on its field (as if it did not exist). A unit and a sale of two complexes are refused too.
 */
export async function linkedBuilding(
  tx: Tx,
  user: CurrentUser,
  input: TaskInput,
  assignable: Set<number>,
  kept?: { customerId: number | null; saleId: number | null; propertyId: number | null },
) {
  // a link the task already has stays, even if its holder could not pick it (an assignee marking it done)
  const fresh = (id: number, old: number | null | undefined) => id !== old;
  const errors: Record<string, string[]> = {};
  let buildingId: number | null = null;
  if (input.customer_id) {
    const [found] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.id, input.customer_id),
          isNull(customers.deletedAt),
          fresh(input.customer_id, kept?.customerId) ? visibleTo(user) : undefined,
        ),
      );
    if (!found) errors.customer_id = ['tasks.unknown_record'];
  }
  if (input.sale_id) {
    const [found] = await tx
      .select({ buildingId: sales.buildingId })
      .from(sales)
      .where(and(eq(sales.id, input.sale_id), fresh(input.sale_id, kept?.saleId) ? saleVisible(user) : undefined));
    if (!found) errors.sale_id = ['tasks.unknown_record'];
    else buildingId = found.buildingId;
  }
  if (input.property_id) {
    const [found] = await tx
      .select({ buildingId: properties.buildingId })
      .from(properties)
      .where(
        and(
          eq(properties.id, input.property_id),
          fresh(input.property_id, kept?.propertyId) ? inBuildingScope(user, properties.buildingId) : undefined,
        ),
      );
    if (!found) errors.property_id = ['tasks.unknown_record'];
    else if (buildingId !== null && buildingId !== found.buildingId) errors.property_id = ['tasks.other_complex'];
    else buildingId = found.buildingId;
  }
  if (input.assignee_id && !assignable.has(input.assignee_id)) errors.assignee_id = ['tasks.not_assignable'];
  const strangers = input.participant_ids.filter((id) => !assignable.has(id));
  if (strangers.length) errors.participant_ids = ['tasks.not_assignable'];
  if (Object.keys(errors).length) throw invalid(errors);
  return buildingId;
}

/** Writes the task and its participants; answers the id and the assignee before the write (null for a new task). */
export async function saveTask(tx: Tx, user: CurrentUser, input: TaskInput, buildingId: number | null) {
  const values = {
    title: input.title,
    description: input.description ?? null,
    priority: input.priority,
    dueDate: input.due_date ?? null,
    status: input.status,
    assigneeId: input.assignee_id ?? null,
    customerId: input.customer_id ?? null,
    saleId: input.sale_id ?? null,
    propertyId: input.property_id ?? null,
    buildingId,
  };
  let id: number;
  let previousAssignee: number | null = null;
  if (input.id) {
    const [before] = await tx
      .select({ assigneeId: tasks.assigneeId })
      .from(tasks)
      .where(eq(tasks.id, input.id))
      .for('update');
    previousAssignee = before?.assigneeId ?? null;
    await tx
      .update(tasks)
      .set({ ...values, modifiedAt: new Date() })
      .where(eq(tasks.id, input.id));
    id = input.id;
    await tx.delete(taskParticipants).where(eq(taskParticipants.taskId, id));
  } else {
    const [row] = await tx
      .insert(tasks)
      .values({ ...values, authorId: user.id })
      .returning({ id: tasks.id });
    id = row.id;
  }
  const participants = [...new Set(input.participant_ids)];
  if (participants.length)
    await tx.insert(taskParticipants).values(participants.map((userId) => ({ taskId: id, userId })));
  return { id, previousAssignee };
}

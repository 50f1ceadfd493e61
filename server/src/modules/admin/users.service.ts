import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminBulkAction, AdminBulkResult, AdminUserFilter, Role } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { authEvents, profiles, sessions, users } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import { filterWhere, findUsers, type AdminUserRow } from './users.repo.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Target = { id: string; email: string; role: Role; suspendedAt: Date | null };
type Skip = AdminBulkResult['skipped'][number];

const isActiveAdmin = (user: Target) => user.role === 'admin' && user.suspendedAt === null;

const reasons = {
  lastAdmin: 'You are the last admin: promote someone else first.',
  confirmAdmin:
    'Granting Admin needs a confirmation: send confirmEmail with the email of the member being made an admin.',
  bulkAdmin: 'Admin is granted to one member at a time, with their email typed to confirm.',
  suspendSelf: 'You cannot suspend yourself.',
  deleteSelf: 'Delete your own account from Settings, not from the admin area.',
};

/**
 * Locks every active admin row, so changes that could empty the admin seat run one at a time: two admins
 * demoting each other at once cannot both succeed. Returns how many active admins there are.
 *
 * Every change locks these first, in id order, and only then its targets (also in id order): two
 * transactions taking the same rows in different orders would deadlock (one of them a 500).
 */
async function lockActiveAdmins(tx: Transaction): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.length;
}

const concurrentChange = 'Another admin changed these members at the same time; reload and try again.';

/** A deadlock or serialization failure the lock order did not prevent is a conflict (409), not a 500. */
async function conflictOnRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      const { code } = current as { code?: unknown };
      if (code === '40P01' || code === '40001') throw new HttpError(409, concurrentChange);
    }
    throw error;
  }
}

function stateOf(user: Target) {
  return { role: user.role, status: user.suspendedAt ? 'suspended' : 'active' };
}

/**
 * Applies one action to the targets inside `tx`: who is already in that state is left alone, who may not
 * be changed is skipped with the reason, everyone changed gets an audit entry with before and after.
 */
async function apply(tx: Transaction, actor: Actor, targets: Target[], action: AdminBulkAction) {
  let activeAdmins = await lockActiveAdmins(tx);
  const skipped: Skip[] = [];
  const changed: Target[] = [];
  for (const target of targets) {
    const after: Target =
      action.type === 'role'
        ? { ...target, role: action.role }
        : { ...target, suspendedAt: action.type === 'suspend' ? (target.suspendedAt ?? new Date()) : null };
    if (after.role === target.role && Boolean(after.suspendedAt) === Boolean(target.suspendedAt)) continue;
    if (action.type === 'suspend' && target.id === actor.id) {
      skipped.push({ id: target.id, email: target.email, reason: reasons.suspendSelf });
      continue;
    }
    const losesSeat = isActiveAdmin(target) && !isActiveAdmin(after);
    if (losesSeat && activeAdmins <= 1) {
      skipped.push({ id: target.id, email: target.email, reason: reasons.lastAdmin });
      continue;
    }
    if (losesSeat) activeAdmins -= 1;
    if (!isActiveAdmin(target) && isActiveAdmin(after)) activeAdmins += 1;
    changed.push(target);
  }
  const ids = changed.map((target) => target.id);
  if (ids.length > 0) {
    if (action.type === 'role') {
      await tx.update(users).set({ role: action.role }).where(inArray(users.id, ids));
    } else if (action.type === 'suspend') {
      await tx
        .update(users)
        .set({ suspendedAt: sql`now()`, suspendedReason: action.reason || null })
        .where(inArray(users.id, ids));
      // Every device is signed out at once; the session lookup also refuses a suspended account.
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: 'suspended', successorSealed: null })
        .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt)));
    } else {
      await tx.update(users).set({ suspendedAt: null, suspendedReason: null }).where(inArray(users.id, ids));
    }
    const verb = action.type === 'role' ? 'user.role' : `user.${action.type}`;
    for (const target of changed) {
      const after =
        action.type === 'role'
          ? { role: action.role }
          : action.type === 'suspend'
            ? { status: 'suspended', ...(action.reason ? { reason: action.reason } : {}) }
            : { status: 'active' };
      const before = action.type === 'role' ? { role: target.role } : { status: stateOf(target).status };
      await recordAudit(tx, {
        actor,
        action: verb,
        subjectType: 'user',
        subjectId: target.id,
        subjectLabel: target.email,
        before,
        after,
      });
    }
  }
  return { changed: changed.length, unchanged: targets.length - changed.length - skipped.length, skipped };
}

const targetColumns = { id: users.id, email: users.email, role: users.role, suspendedAt: users.suspendedAt };

/** Told inside the deleting transaction, before the member's row goes (auth's MemberDeleting). */
export type MemberDeleting = (tx: Pick<Database, 'execute'>, userId: string) => Promise<void>;

export function createUsersAdmin(db: Database, onMemberDeleting?: MemberDeleting) {
  return {
    /**
     * Records that the admin sent the member a password-reset link, then has it sent (`send` queues the
     * mail). The admin never sees the link nor the password: only the member's mailbox gets them.
     */
    async sendPasswordReset(actor: Actor, id: string, send: (userId: string) => Promise<void>) {
      const [target] = await db.select(targetColumns).from(users).where(eq(users.id, id));
      if (!target) throw new HttpError(404, 'No member has this id.');
      if (target.suspendedAt) {
        throw new HttpError(409, 'This member is suspended and cannot sign in: reinstate them first.');
      }
      await recordAudit(db, {
        actor,
        action: 'user.password_reset',
        subjectType: 'user',
        subjectId: target.id,
        subjectLabel: target.email,
        after: { resetLink: 'sent' },
      });
      await send(target.id);
    },

    /** One member: a new role and/or suspension; refused with the reason when a rule forbids it. */
    async update(
      actor: Actor,
      id: string,
      change: { role?: Role; suspended?: boolean; suspendReason?: string; confirmEmail?: string },
    ): Promise<AdminUserRow> {
      await conflictOnRace(() =>
        db.transaction(async (tx) => {
          await lockActiveAdmins(tx);
          const [target] = await tx.select(targetColumns).from(users).where(eq(users.id, id)).for('update');
          if (!target) throw new HttpError(404, 'No member with that id.');
          // The server asks what the UI asks: granting Admin names the member, as the admin typed it.
          if (
            change.role === 'admin' &&
            target.role !== 'admin' &&
            change.confirmEmail?.trim().toLowerCase() !== target.email.toLowerCase()
          ) {
            throw new HttpError(400, reasons.confirmAdmin);
          }
          const actions: AdminBulkAction[] = [];
          if (change.role !== undefined) actions.push({ type: 'role', role: change.role });
          if (change.suspended === true) actions.push({ type: 'suspend', reason: change.suspendReason });
          if (change.suspended === false) actions.push({ type: 'reinstate' });
          let current = target;
          for (const action of actions) {
            const result = await apply(tx, actor, [current], action);
            const refused = result.skipped[0];
            if (refused) throw new HttpError(409, refused.reason);
            const [reread] = await tx.select(targetColumns).from(users).where(eq(users.id, id));
            if (reread) current = reread;
          }
        }),
      );
      const [row] = await findUsers(db, [id]);
      if (!row) throw new HttpError(404, 'No member with that id.');
      return row;
    },

    /** Chosen members, or every member matching a filter, in one transaction. */
    async bulk(
      actor: Actor,
      target: { ids: string[] } | { filter: AdminUserFilter; expectedCount: number },
      action: AdminBulkAction,
    ): Promise<AdminBulkResult> {
      if (action.type === 'role' && action.role === 'admin') throw new HttpError(400, reasons.bulkAdmin);
      return conflictOnRace(() =>
        db.transaction(async (tx) => {
          await lockActiveAdmins(tx);
          const where = 'ids' in target ? inArray(users.id, target.ids) : filterWhere(target.filter);
          const targets = await tx
            .select(targetColumns)
            .from(users)
            .where(where)
            .orderBy(users.id)
            .for('update');
          // "All 37 that match" means those 37: members who joined or changed since are not swept in.
          if ('filter' in target && targets.length !== target.expectedCount) {
            throw new HttpError(
              409,
              `${targets.length} member${targets.length === 1 ? '' : 's'} match the filter now, not ` +
                `${target.expectedCount}: review the list and confirm again.`,
            );
          }
          return apply(tx, actor, targets, action);
        }),
      );
    },

    /**
     * Deletes a member as account deletion does (auth.repo.ts deleteUser): their own rows go by cascade,
     * content others see shows "Former member", security events stay without the email or address.
     * Returns the deleted member's photo key, whose files the caller removes.
     */
    async remove(actor: Actor, id: string): Promise<{ photoKey: string | null }> {
      if (id === actor.id) throw new HttpError(400, reasons.deleteSelf);
      return conflictOnRace(() =>
        db.transaction(async (tx) => {
          await lockActiveAdmins(tx);
          const [target] = await tx.select(targetColumns).from(users).where(eq(users.id, id)).for('update');
          if (!target) throw new HttpError(404, 'No member with that id.');
          const [profile] = await tx
            .select({ photoKey: profiles.photoKey })
            .from(profiles)
            .where(eq(profiles.userId, id));
          await recordAudit(tx, {
            actor,
            action: 'user.delete',
            subjectType: 'user',
            subjectId: target.id,
            subjectLabel: target.email,
            before: stateOf(target),
            after: null,
          });
          await tx
            .update(authEvents)
            .set({ email: null, ip: null, userAgent: null })
            .where(eq(authEvents.userId, id));
          await onMemberDeleting?.(tx, id);
          await tx.delete(users).where(eq(users.id, id));
          return { photoKey: profile?.photoKey ?? null };
        }),
      );
    },
  };
}

export type UsersAdmin = ReturnType<typeof createUsersAdmin>;

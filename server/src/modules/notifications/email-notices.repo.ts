import { sql, type SQL } from 'drizzle-orm';
import {
  defaultEmailPreferences,
  emailNotificationKinds,
  type EmailFrequency,
  type EmailNotificationKind,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';

const mailedKinds = emailNotificationKinds.map((kind) => kind.id);

/** A member's email frequency for the notification kind `kind` (a SQL text), over contracts' defaults. */
function frequencySql(kind: SQL): SQL {
  return sql`coalesce(
    (select p.preferences -> 'email' ->> ${kind} from member_preferences p where p.user_id = u.id),
    (${sql.param(JSON.stringify(defaultEmailPreferences))}::jsonb ->> ${kind}),
    'off')`;
}

/** Recipients of a notification just sent who want its kind mailed at once, with a verified address. */
export async function instantRecipients(db: Database, notificationId: string, kind: string) {
  if (!(mailedKinds as readonly string[]).includes(kind)) return [];
  const result = await db.execute<{ user_id: string }>(sql`
    select d.user_id from notification_deliveries d join users u on u.id = d.user_id
    where d.notification_id = ${notificationId} and u.email_verified_at is not null
      and ${frequencySql(sql`${kind}`)} = 'instant'`);
  return result.rows.map((row) => row.user_id);
}

export type PendingNotice = {
  id: string;
  kind: EmailNotificationKind;
  title: string;
  body: string;
  link: string | null;
};

/**
 * What one member has not read nor been mailed yet, among notifications created after `since`, of the
 * kinds they want at `frequency`; with `notificationId`, only that one.
 */
export async function pendingNotices(
  db: Database,
  userId: string,
  { frequency, since, notificationId }: { frequency: EmailFrequency; since?: Date; notificationId?: string },
): Promise<PendingNotice[]> {
  const result = await db.execute<PendingNotice>(sql`
    select n.id, n.kind, n.title, n.body, n.link
    from notification_deliveries d
    join notifications n on n.id = d.notification_id
    join users u on u.id = d.user_id
    where d.user_id = ${userId} and d.read_at is null and d.emailed_at is null
      and n.kind = any(${sql.param(mailedKinds)}::text[])
      and ${frequencySql(sql`n.kind`)} = ${frequency}
      ${notificationId ? sql`and d.notification_id = ${notificationId}` : sql``}
      ${since ? sql`and d.created_at > ${since.toISOString()}::timestamptz` : sql``}
    order by d.created_at
    limit 50`);
  return result.rows;
}

export async function markEmailed(db: Database, userId: string, notificationIds: string[]): Promise<void> {
  await db.execute(sql`
    update notification_deliveries set emailed_at = now()
    where user_id = ${userId} and notification_id = any(${sql.param(notificationIds)}::uuid[])
      and emailed_at is null`);
}

/**
 * Claims today's digest for every member with something pending at "daily" since `since`: one row per
 * member and day, so only the claims this call inserted (never those of another run) are returned.
 */
export async function claimDigests(db: Database, day: string, since: Date): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(sql`
    insert into notification_digests (user_id, day)
    select distinct d.user_id, ${day}
    from notification_deliveries d
    join notifications n on n.id = d.notification_id
    join users u on u.id = d.user_id
    where d.read_at is null and d.emailed_at is null and d.created_at > ${since.toISOString()}::timestamptz
      and u.email_verified_at is not null
      and n.kind = any(${sql.param(mailedKinds)}::text[])
      and ${frequencySql(sql`n.kind`)} = 'daily'
    on conflict do nothing
    returning user_id`);
  return result.rows.map((row) => row.user_id);
}

export async function recipientOf(db: Database, userId: string) {
  const result = await db.execute<{ email: string; display_name: string }>(
    sql`select email, display_name from users where id = ${userId} and suspended_at is null`,
  );
  return result.rows[0];
}

/** Turns email off for one kind, or every kind, keeping the member's other settings. */
export async function stopEmail(db: Database, userId: string, kinds: readonly EmailNotificationKind[]) {
  const off = JSON.stringify(Object.fromEntries(kinds.map((kind) => [kind, 'off'])));
  await db.execute(sql`
    insert into member_preferences (user_id, preferences)
    select id, jsonb_build_object('email', ${off}::jsonb) from users where id = ${userId}
    on conflict (user_id) do update set preferences = jsonb_set(
      member_preferences.preferences, '{email}',
      coalesce(member_preferences.preferences -> 'email', '{}'::jsonb) || ${off}::jsonb)`);
}

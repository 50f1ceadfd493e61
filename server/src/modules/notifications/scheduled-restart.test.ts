import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { fixtureWebDist } from '../../../test/app.ts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: fixtureWebDist,
  NOTIFICATIONS_POLL_SECONDS: '0.5',
});

let database: TestDatabase;
/** Whichever instance is running; closed by the test (a restart) or at the end. */
let running: FastifyInstance | null = null;

async function startInstance(): Promise<FastifyInstance> {
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  running = app;
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await running?.close();
  await database.drop();
});

async function statusOf(id: string): Promise<{ status: string; deliveries: number }> {
  const result = await database.db.execute<{ status: string; deliveries: number }>(
    sql`select status, (select count(*)::int from notification_deliveries where notification_id = ${id})
        as deliveries from notifications where id = ${id}`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('notification not found');
  return row;
}

describe('a scheduled send across a restart', () => {
  it('survives the instance that scheduled it stopping, and a new instance sends it once', async () => {
    const first = await startInstance();
    const admin = await signedInAs(first, database.db, 'admin');
    const member = await signedInAs(first, database.db, 'member-tier-1');
    const scheduled = await first.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: { cookie: admin.cookie },
      payload: {
        title: 'Sent after a restart',
        body: 'The job lives in PostgreSQL, not in the process.',
        audience: { type: 'members', userIds: [member.user.id] },
        scheduledFor: new Date(Date.now() + 2_000).toISOString(),
      },
    });
    expect(scheduled.statusCode).toBe(201);
    const { id } = scheduled.json();

    // The instance goes away before the send is due (a deploy, a crash recovered by the orchestrator).
    await first.close();
    running = null;
    expect(await statusOf(id)).toEqual({ status: 'scheduled', deliveries: 0 });

    const second = await startInstance();
    const deadline = Date.now() + 15_000;
    while ((await statusOf(id)).status !== 'sent') {
      if (Date.now() > deadline) throw new Error('the scheduled send never ran after the restart');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Several more polls: the job is not run again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await statusOf(id)).toEqual({ status: 'sent', deliveries: 1 });
    const inbox = await second.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: member.cookie },
    });
    expect(inbox.json().items.map((item: { title: string }) => item.title)).toEqual(['Sent after a restart']);
  });
});

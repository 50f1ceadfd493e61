import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditActorsSchema, auditLogPageSchema, communityPostSchema } from '@uplift/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, testPassword } from '../../../test/accounts.ts';
import { auditLog } from '../../db/schema.ts';
import { seedCommunity } from '../../seed/community.ts';

/** Issue 43 point 3: the full audit log, filtered (actor, action, target, period), paged and exported. */
describe('the audit log, over real HTTP', () => {
  let t: TestApp;
  let base: string;
  let boss: { id: string; email: string; displayName: string; cookie: string };
  let deputy: { id: string; email: string; displayName: string; cookie: string };

  async function signIn(email: string): Promise<string> {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: testPassword }),
    });
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => /uplift_session=./.test(pair));
    if (!cookie) throw new Error(`no session cookie: ${response.status}`);
    return cookie;
  }

  async function send(cookie: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return response;
  }

  const log = async (query: string, cookie = boss.cookie) =>
    auditLogPageSchema.parse(await (await send(cookie, 'GET', `/api/admin/audit-log?${query}`)).json());

  beforeAll(async () => {
    t = await createTestApp();
    await seedCommunity(t.db);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [a, b] = [await createUser(t.db, 'admin'), await createUser(t.db, 'admin')];
    boss = { ...a, cookie: await signIn(a.email) };
    deputy = { ...b, cookie: await signIn(b.email) };
  });
  afterAll(() => t.close());

  it('records admin deletions of posts and comments, and filters by actor, action, target and period', async () => {
    const author = await createUser(t.db);
    const authorCookie = await signIn(author.email);
    const post = communityPostSchema.parse(
      await (
        await send(authorCookie, 'POST', '/api/community/posts', {
          topicId: 'wins',
          body: '=HYPERLINK("http://evil.test") breaks the rules',
        })
      ).json(),
    );
    const comment = (await (
      await send(authorCookie, 'POST', `/api/community/posts/${post.id}/comments`, { body: 'Rude words' })
    ).json()) as { id: string };
    await send(deputy.cookie, 'DELETE', `/api/community/comments/${comment.id}`);
    await send(boss.cookie, 'DELETE', `/api/community/posts/${post.id}`);
    await send(boss.cookie, 'PATCH', `/api/users/${author.id}`, { role: 'member-tier-2' });

    const byBoss = await log(`actorId=${boss.id}`);
    expect(byBoss.items.map((entry) => entry.action)).toEqual(['user.role', 'post.delete']);
    expect(byBoss.items[1]).toMatchObject({
      actorName: boss.displayName,
      subjectType: 'post',
      subjectId: post.id,
      before: { deleted: false },
      after: { deleted: true },
    });
    const byDeputy = await log(`actorId=${deputy.id}`);
    expect(byDeputy.items.map((entry) => [entry.action, entry.subjectId])).toEqual([
      ['comment.delete', comment.id],
    ]);

    expect((await log('action=post.delete')).items.map((entry) => entry.subjectId)).toEqual([post.id]);
    expect((await log('action=comment')).items.map((entry) => entry.subjectId)).toEqual([comment.id]);
    // Target: text in the label (literally: LIKE's wildcards match only themselves), or the whole id.
    expect((await log(`target=${encodeURIComponent(author.email.toUpperCase())}`)).items).toHaveLength(1);
    expect((await log(`target=${post.id}`)).items.map((entry) => entry.action)).toEqual(['post.delete']);
    expect((await log('target=%25')).items).toHaveLength(0);

    // Period: whole days in UTC, both ends included.
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`from=${today}&to=${today}&actorId=${boss.id}`)).items).toHaveLength(2);
    expect((await log('to=2020-01-01')).items).toHaveLength(0);

    const actors = auditActorsSchema.parse(
      await (await send(boss.cookie, 'GET', '/api/admin/audit-log/actors')).json(),
    );
    expect(actors.items).toEqual(
      expect.arrayContaining([
        { id: boss.id, name: boss.displayName },
        { id: deputy.id, name: deputy.displayName },
      ]),
    );
    expect(actors.items.map((actor) => actor.id)).not.toContain(author.id);
  });

  it('pages newest first without gaps or repeats', async () => {
    const tag = `paging${Date.now()}`;
    const base = Date.UTC(2024, 2, 1);
    await t.db.insert(auditLog).values(
      Array.from({ length: 7 }, (_, i) => ({
        actorId: deputy.id,
        actorName: deputy.displayName,
        action: 'video.update',
        subjectType: 'video',
        subjectId: `${tag}-${i}`,
        subjectLabel: `${tag} ${i}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 4; page += 1) {
      const result = await log(`target=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.items.map((entry) => entry.subjectId));
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `${tag}-${i}`));
  });

  it('exports the filtered log as CSV with actions in words and formula-leading text neutralised', async () => {
    const response = await send(boss.cookie, 'GET', `/api/admin/audit-log/export.csv?actorId=${boss.id}`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="uplift-audit-log-/);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actor_id,actor_name,action,action_in_words,target_type,target_id,target_label,before,after',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',user.role,Changed the role of,user,');
    expect(lines[1]).toContain('"{""role"":""member-tier-1""}","{""role"":""member-tier-2""}"');
    // The deleted post's label began with "=": a spreadsheet would have run it as a formula.
    expect(lines[2]).toContain(',post.delete,Deleted the post,post,');
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.test"") breaks the rules"`);

    const all = await send(boss.cookie, 'GET', '/api/admin/audit-log/export.csv');
    const count = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0]
      ?.n;
    expect((await all.text()).trim().split('\r\n')).toHaveLength((count ?? 0) + 1);
  });

  it('is for admins only', async () => {
    const member = await createUser(t.db);
    const cookie = await signIn(member.email);
    for (const path of [
      '/api/admin/audit-log',
      '/api/admin/audit-log/actors',
      '/api/admin/audit-log/export.csv',
    ]) {
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      expect(response.status, path).toBe(403);
    }
  });
});

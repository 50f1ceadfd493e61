import { auditLogPageSchema, communityEvents, communityPostListSchema } from '@uplift/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { startInstance, type Instance } from '../../../test/instance.ts';
import { openLiveStream, settle } from '../../../test/live-events.ts';
import { seedCommunity } from '../../seed/community.ts';

let database: TestDatabase;
let a: Instance;
let b: Instance;
type Caller = Awaited<ReturnType<typeof signedInAs>>;
let admin: Caller;

beforeAll(async () => {
  database = await createTestDatabase();
  [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
  await seedCommunity(a.db);
  admin = await signedInAs(a.app, a.db, 'admin');
});

afterAll(async () => {
  await Promise.all([a.app.close(), b.app.close()]);
  await Promise.all([a.db.$client.end(), b.db.$client.end()]);
  await database.drop();
});

const call = (method: 'GET' | 'POST', url: string, who?: Caller, payload?: object) =>
  a.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function post(who: Caller, body: string): Promise<string> {
  const created = await call('POST', '/api/community/posts', who, { topicId: 'questions', body });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { id: string }).id;
}

async function report(who: Caller, target: { postId: string; commentId?: string }) {
  const reported = await call('POST', '/api/community/reports', who, { ...target, reason: 'spam' });
  expect(reported.statusCode, reported.body).toBe(200);
}

async function decide(target: { postId: string; commentId?: string }, decision: string) {
  const decided = await call('POST', '/api/admin/moderation/decisions', admin, { ...target, decision });
  expect(decided.statusCode, decided.body).toBe(200);
}

/** The anonymous feed as another instance serves it (from its in-memory copy when it has one). */
async function anonymousFeedOnB(): Promise<string[]> {
  const response = await fetch(`${b.url}/api/community/posts`);
  return communityPostListSchema.parse(await response.json()).items.map((item) => item.id);
}

describe('a post hidden by moderation', () => {
  it('disappears live: readers of every instance are told, and the anonymous feed drops it', async () => {
    const [author, reporter] = await Promise.all([
      signedInAs(a.app, a.db, 'member-tier-1'),
      signedInAs(a.app, a.db, 'member-tier-1'),
    ]);
    const postId = await post(author, 'Buy cheap followers now');
    await report(reporter, { postId });
    // B has the feed in memory, with the post in it, before the decision.
    await expect.poll(anonymousFeedOnB, { timeout: 5_000, interval: 50 }).toContain(postId);
    const anonymous = await openLiveStream(b.url);
    const authorStream = await openLiveStream(b.url, { cookie: author.cookie });

    await decide({ postId }, 'hide');

    const removed = await anonymous.waitFor((event) => event.type === communityEvents.postRemoved);
    expect(removed.data).toEqual({ postId });
    // A reader refetches as soon as it is told, so B must already have dropped its copy of the feed.
    expect(await anonymousFeedOnB()).not.toContain(postId);
    // The author alone is told privately that it was their post.
    const hidden = await authorStream.waitFor((event) => event.type === communityEvents.contentHidden);
    expect(hidden.data).toEqual({ postId });
    await settle();
    expect(anonymous.events.map((event) => event.type)).not.toContain(communityEvents.contentHidden);
    anonymous.close();
    authorStream.close();
  });
});

describe('moderation decisions in the audit log', () => {
  it('records a dismissal with who decided and the content left as it was', async () => {
    const [author, reporter] = await Promise.all([
      signedInAs(a.app, a.db, 'member-tier-1'),
      signedInAs(a.app, a.db, 'member-tier-1'),
    ]);
    const postId = await post(author, 'An honest question about apprenticeships');
    const comment = await call('POST', `/api/community/posts/${postId}/comments`, author, {
      body: 'A harmless reply',
    });
    const commentId = (comment.json() as { id: string }).id;
    await report(reporter, { postId });
    await report(reporter, { postId, commentId });

    await decide({ postId }, 'dismiss');
    await decide({ postId, commentId }, 'dismiss');

    const audit = async (subjectId: string) =>
      auditLogPageSchema.parse(
        (await call('GET', `/api/admin/audit-log?subjectId=${subjectId}`, admin)).json(),
      ).items;
    const actor = { actorId: admin.user.id, actorName: admin.user.displayName };
    expect(await audit(postId)).toEqual([
      expect.objectContaining({
        ...actor,
        action: 'post.dismiss',
        subjectType: 'post',
        subjectLabel: 'An honest question about apprenticeships',
        before: { hidden: false },
        after: { hidden: false },
      }),
    ]);
    expect(await audit(commentId)).toEqual([
      expect.objectContaining({
        ...actor,
        action: 'comment.dismiss',
        subjectType: 'comment',
        subjectLabel: 'A harmless reply',
        before: { hidden: false },
        after: { hidden: false },
      }),
    ]);
    // The reports are closed, so the queue no longer lists either.
    const queue = (await call('GET', '/api/admin/moderation', admin)).json() as {
      items: Array<{ postId: string }>;
    };
    expect(queue.items.filter((item) => item.postId === postId)).toEqual([]);
  });
});

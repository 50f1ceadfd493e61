import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountExportSchema,
  adminOverviewSchema,
  apiErrorSchema,
  blockedMembersSchema,
  directConversationListSchema,
  directConversationSchema,
  directMessageSchema,
  memberNotificationListSchema,
  messagesChangedEvent,
} from '@uplift/contracts';
import { signedInAs, testPassword } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { openLiveStream, settle } from '../../../test/live-events.ts';

describe('direct messages', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, cookie: string, payload?: object, key?: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });
  const member = () => signedInAs(t.app, t.db, 'member-tier-1');
  const send = (cookie: string, to: string, body: string, id?: string, key?: string) =>
    call('POST', `/api/messages/with/${to}`, cookie, { body, ...(id ? { id } : {}) }, key);
  const conversation = async (cookie: string, other: string) =>
    directConversationSchema.parse((await call('GET', `/api/messages/with/${other}`, cookie)).json());
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    message: apiErrorSchema.parse(response.json()).error.message,
  });

  it('delivers a message to the recipient, shows it to both, counts it unread and marks "Seen" once read', async () => {
    const ana = await member();
    const ben = await member();
    const sent = await send(ana.cookie, ben.user.id, 'Hello Ben, coffee on Friday?');
    expect(sent.statusCode).toBe(201);
    const message = directMessageSchema.parse(sent.json());
    expect(message).toMatchObject({ body: 'Hello Ben, coffee on Friday?', mine: true });

    const benSees = await conversation(ben.cookie, ana.user.id);
    expect(benSees.messages).toEqual([expect.objectContaining({ id: message.id, mine: false })]);
    const benList = directConversationListSchema.parse(
      (await call('GET', '/api/messages', ben.cookie)).json(),
    );
    expect(benList.items).toEqual([
      expect.objectContaining({ member: expect.objectContaining({ id: ana.user.id }), unread: 1 }),
    ]);
    expect((await conversation(ana.cookie, ben.user.id)).seenMessageId).toBeNull();

    const read = await call('POST', `/api/messages/with/${ana.user.id}/read`, ben.cookie, {
      upTo: message.id,
    });
    expect(read.statusCode).toBe(200);
    expect((await conversation(ana.cookie, ben.user.id)).seenMessageId).toBe(message.id);
    const after = directConversationListSchema.parse((await call('GET', '/api/messages', ben.cookie)).json());
    expect(after.items[0]?.unread).toBe(0);
  });

  it('tells the recipient once per conversation in the notification centre while unread', async () => {
    const ana = await member();
    const ben = await member();
    await send(ana.cookie, ben.user.id, 'One');
    await send(ana.cookie, ben.user.id, 'Two');
    const notices = memberNotificationListSchema
      .parse((await call('GET', '/api/notifications', ben.cookie)).json())
      .items.filter((item) => item.link === `/messages/${ana.user.id}`);
    expect(notices).toEqual([expect.objectContaining({ title: `New message from ${ana.user.displayName}` })]);
    // The notification names the sender, never the message.
    expect(notices[0]?.body).not.toMatch(/One|Two/);

    // Reading the conversation reads its notification; the next message is announced afresh.
    const { messages } = await conversation(ben.cookie, ana.user.id);
    await call('POST', `/api/messages/with/${ana.user.id}/read`, ben.cookie, { upTo: messages.at(-1)!.id });
    await send(ana.cookie, ben.user.id, 'Three');
    const after = memberNotificationListSchema
      .parse((await call('GET', '/api/notifications', ben.cookie)).json())
      .items.filter((item) => item.link === `/messages/${ana.user.id}`);
    expect(after.map((item) => item.readAt === null)).toEqual([true, false]);
  });

  it('applies a message once when it is sent again with the same Idempotency-Key or the same id', async () => {
    const ana = await member();
    const ben = await member();
    const id = crypto.randomUUID();
    const key = crypto.randomUUID();
    const first = await send(ana.cookie, ben.user.id, 'Sent from the train', id, key);
    const replay = await send(ana.cookie, ben.user.id, 'Sent from the train', id, key);
    expect([first.statusCode, replay.statusCode]).toEqual([201, 201]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The stored answer expired, the device replays with its message id: still one message.
    const again = await send(ana.cookie, ben.user.id, 'Sent from the train', id, crypto.randomUUID());
    expect(directMessageSchema.parse(again.json()).id).toBe(id);
    expect((await conversation(ben.cookie, ana.user.id)).messages).toHaveLength(1);
  });

  it('enforces "who can message me": nobody, then only members already in a conversation', async () => {
    const ana = await member();
    const ben = await member();
    const cam = await member();
    await send(ben.cookie, cam.user.id, 'Hi Cam');

    const setting = await call('PUT', '/api/messages/settings', cam.cookie, { whoCanMessage: 'nobody' });
    expect(setting.statusCode).toBe(200);
    expect(refusal(await send(ana.cookie, cam.user.id, 'Hello?'))).toEqual({
      status: 403,
      message: 'This member isn’t taking messages from you.',
    });
    expect((await conversation(ana.cookie, cam.user.id)).cannotMessage).toBe('not-accepting');

    await call('PUT', '/api/messages/settings', cam.cookie, { whoCanMessage: 'messaged' });
    expect((await send(ana.cookie, cam.user.id, 'Hello?')).statusCode).toBe(403);
    expect((await send(ben.cookie, cam.user.id, 'Still me')).statusCode).toBe(201);
    expect(
      refusal(await call('PUT', '/api/messages/settings', cam.cookie, { whoCanMessage: 'friends' })),
    ).toMatchObject({ status: 400 });
  });

  it('stops messages both ways once either member blocks the other, and lists the block', async () => {
    const ana = await member();
    const ben = await member();
    await send(ana.cookie, ben.user.id, 'Before');
    expect((await call('PUT', `/api/blocks/${ben.user.id}`, ana.cookie)).statusCode).toBe(200);

    expect(refusal(await send(ben.cookie, ana.user.id, 'Why?'))).toEqual({
      status: 403,
      message: 'You can’t message this member.',
    });
    expect(refusal(await send(ana.cookie, ben.user.id, 'After'))).toEqual({
      status: 403,
      message: 'You blocked this member. Unblock them to send a message.',
    });
    expect((await conversation(ana.cookie, ben.user.id)).blockedByMe).toBe(true);
    const blocked = blockedMembersSchema.parse((await call('GET', '/api/blocks', ana.cookie)).json());
    expect(blocked.items.map((item) => item.id)).toEqual([ben.user.id]);
    expect((await call('PUT', `/api/blocks/${ana.user.id}`, ana.cookie)).statusCode).toBe(400);

    expect((await call('DELETE', `/api/blocks/${ben.user.id}`, ana.cookie)).statusCode).toBe(200);
    expect((await send(ben.cookie, ana.user.id, 'Thanks')).statusCode).toBe(201);
  });

  it('sends the live event to the two members only, with ids and never the text', async () => {
    const ana = await member();
    const ben = await member();
    const eve = await member();
    const [anaStream, benStream, eveStream, anonymous] = await Promise.all([
      openLiveStream(base, { cookie: ana.cookie }),
      openLiveStream(base, { cookie: ben.cookie }),
      openLiveStream(base, { cookie: eve.cookie }),
      openLiveStream(base),
    ]);
    try {
      await send(ana.cookie, ben.user.id, 'A private word');
      const toBen = await benStream.waitFor((event) => event.type === messagesChangedEvent);
      expect(toBen.data).toEqual({ with: ana.user.id });
      await anaStream.waitFor((event) => event.type === messagesChangedEvent);
      await settle();
      for (const stream of [eveStream, anonymous]) {
        expect(stream.events.filter((event) => event.type === messagesChangedEvent)).toEqual([]);
      }
      expect(JSON.stringify([...anaStream.events, ...benStream.events])).not.toContain('A private word');
    } finally {
      for (const stream of [anaStream, benStream, eveStream, anonymous]) stream.close();
    }
  });

  it('lets admins read a conversation only while it is reported, and audits each opening', async () => {
    const admin = await signedInAs(t.app, t.db, 'admin');
    const ana = await member();
    const ben = await member();
    await send(ana.cookie, ben.user.id, 'Something unkind');
    const { id } = await conversation(ben.cookie, ana.user.id);
    const open = () => call('POST', `/api/admin/moderation/conversations/${id}/open`, admin.cookie);
    const reportedCount = async () =>
      adminOverviewSchema
        .parse((await call('GET', '/api/admin/overview', admin.cookie)).json())
        .attention.find((item) => item.id === 'reported-conversations')?.count;

    expect(refusal(await open())).toEqual({
      status: 403,
      message: 'This conversation has no open report: private messages stay private.',
    });
    expect(
      (await call('POST', `/api/admin/moderation/conversations/${id}/open`, ana.cookie)).statusCode,
    ).toBe(403);

    const reported = await call('POST', `/api/messages/with/${ana.user.id}/report`, ben.cookie, {
      reason: 'harassment',
      note: 'Rude',
    });
    expect(reported.statusCode).toBe(201);
    expect((await conversation(ben.cookie, ana.user.id)).reported).toBe(true);
    // The admin portal counts it among what needs attention, until the report is closed.
    expect(await reportedCount()).toBe(1);
    const queue = (await call('GET', '/api/admin/moderation/conversations', admin.cookie)).json<{
      items: Array<{ id: string; reports: Array<{ reason: string; reporter: string }> }>;
    }>();
    const item = queue.items.find((entry) => entry.id === id);
    expect(item?.reports).toEqual([
      expect.objectContaining({ reason: 'harassment', reporter: ben.user.displayName }),
    ]);
    // The queue names who and why; the messages are not in it.
    expect(JSON.stringify(queue)).not.toContain('Something unkind');

    const opened = await open();
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ messages: Array<{ body: string }> }>().messages.map((m) => m.body)).toEqual([
      'Something unkind',
    ]);
    const audit = (await call('GET', '/api/admin/audit-log?action=conversation.open', admin.cookie)).json<{
      items: Array<{ action: string; subjectId: string; actorName: string }>;
    }>();
    expect(audit.items.filter((entry) => entry.subjectId === id)).toEqual([
      expect.objectContaining({ action: 'conversation.open', actorName: admin.user.displayName }),
    ]);

    expect(
      (await call('POST', `/api/admin/moderation/conversations/${id}/close`, admin.cookie)).statusCode,
    ).toBe(200);
    expect((await open()).statusCode).toBe(403);
    expect(await reportedCount()).toBe(0);
  });

  it('refuses messages to oneself, to nobody, and from visitors, in the error shape', async () => {
    const ana = await member();
    expect(refusal(await send(ana.cookie, ana.user.id, 'Me'))).toMatchObject({ status: 400 });
    expect(refusal(await send(ana.cookie, crypto.randomUUID(), 'Ghost'))).toMatchObject({ status: 404 });
    expect(refusal(await send(ana.cookie, crypto.randomUUID(), ''))).toMatchObject({ status: 400 });
    const visitor = await t.app.inject({ method: 'GET', url: '/api/messages' });
    expect(visitor.statusCode).toBe(401);
  });

  it('exports a member’s conversations, blocks, reports and setting, and deletes them with the account', async () => {
    const ana = await member();
    const ben = await member();
    const cam = await member();
    await send(ana.cookie, ben.user.id, 'Exported hello');
    await send(ben.cookie, ana.user.id, 'Exported reply');
    await call('PUT', `/api/blocks/${cam.user.id}`, ana.cookie);
    await call('PUT', `/api/blocks/${ana.user.id}`, ben.cookie);
    await call('PUT', '/api/messages/settings', ana.cookie, { whoCanMessage: 'messaged' });
    await call('POST', `/api/messages/with/${ben.user.id}/report`, ana.cookie, { reason: 'unwanted' });

    const data = accountExportSchema.parse((await call('GET', '/api/account/export', ana.cookie)).json());
    expect(data.directMessages).toMatchObject({
      whoCanMessage: 'messaged',
      conversations: [
        {
          with: ben.user.displayName,
          messages: [
            { fromMe: true, body: 'Exported hello' },
            { fromMe: false, body: 'Exported reply' },
          ],
        },
      ],
      // Ben's block of Ana is his, and not in her file.
      blocked: [{ displayName: cam.user.displayName }],
      reports: [{ with: ben.user.displayName, reason: 'unwanted', status: 'open' }],
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: ana.cookie },
      payload: { password: testPassword },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const benList = directConversationListSchema.parse(
      (await call('GET', '/api/messages', ben.cookie)).json(),
    );
    expect(benList.items).toEqual([]);
    const benBlocks = blockedMembersSchema.parse((await call('GET', '/api/blocks', ben.cookie)).json());
    expect(benBlocks.items).toEqual([]);
  });
});

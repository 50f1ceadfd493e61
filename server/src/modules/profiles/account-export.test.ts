import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountExportSchema,
  assessmentStateSchema,
  partnerListResponseSchema,
  videoListResponseSchema,
} from '@uplift/contracts';
import { signedInAs } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedCommunity } from '../../seed/community.ts';
import { seedPartners } from '../../seed/partners.ts';
import { seedVideos } from '../../seed/videos.ts';
import { seedSkillItems } from '../skills/index.ts';
import { notExported } from './account-export.activity.ts';

/** Where the export holds the rows of each column that names a member. */
const exportedAs: Record<string, string> = {
  'sessions.user_id': 'sessions',
  'auth_events.user_id': 'securityEvents',
  'sign_in_addresses.user_id': 'signInAddresses',
  'passkeys.user_id': 'passkeys',
  'conversations.user_id': 'conversations',
  'community_posts.author_id': 'posts',
  'community_comments.author_id': 'comments',
  'community_reactions.user_id': 'reactions',
  'community_reports.reporter_id': 'reports',
  'community_post_images.uploader_id': 'postImages',
  'profiles.user_id': 'profile',
  'member_outcomes.user_id': 'outcomes',
  'member_preferences.user_id': 'preferences',
  'skill_attempts.user_id': 'assessments',
  'skill_results.user_id': 'skillResults',
  'skill_shares.user_id': 'skillShares',
  'partner_connection_requests.user_id': 'partnerRequests',
  'notification_deliveries.user_id': 'notifications',
  'push_subscriptions.user_id': 'pushSubscriptions',
  'video_progress.user_id': 'videoProgress',
  'premium_requests.user_id': 'premiumRequests',
  'community_revisions.author_id': 'communityRevisions',
  'direct_conversations.member_a': 'directMessages.conversations',
  'direct_conversations.member_b': 'directMessages.conversations',
  'direct_messages.sender_id': 'directMessages.conversations',
  'message_settings.user_id': 'directMessages.whoCanMessage',
  'member_blocks.blocker_id': 'directMessages.blocked',
  'direct_conversation_reports.reporter_id': 'directMessages.reports',
  'community_post_follows.user_id': 'followedPosts',
  'community_bookmarks.user_id': 'bookmarks',
  'community_feed_visits.user_id': 'communityReads',
  'community_thread_reads.user_id': 'communityReads',
  'audit_log.actor_id': 'adminActions',
};

describe('export my data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await Promise.all([seedCommunity(t.db), seedPartners(t.db), seedVideos(t.db), seedSkillItems(t.db)]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('accounts for every column of the database that refers to a member', async () => {
    const { rows } = await t.db.$client.query<{ reference: string }>(`
      select c.conrelid::regclass::text || '.' || a.attname as reference
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'users'::regclass
      order by 1`);
    const references = rows.map((row) => row.reference).sort();
    expect(references).toEqual([...Object.keys(exportedAs), ...Object.keys(notExported)].sort());
  });

  it('holds what the member wrote, reacted to, reported, took, requested, watched and received', async () => {
    const member = await signedInAs(t.app, t.db, 'member-tier-1');
    const other = await signedInAs(t.app, t.db, 'member-tier-1');
    const admin = await signedInAs(t.app, t.db, 'admin');

    const own = await call('POST', '/api/community/posts', member.cookie, {
      topicId: 'questions',
      body: 'How do I price my first freelance job?',
    });
    expect(own.statusCode, own.body).toBe(201);
    const theirs = (
      await call('POST', '/api/community/posts', other.cookie, {
        topicId: 'wins',
        body: 'Buy followers here',
      })
    ).json();
    const comment = await call('POST', `/api/community/posts/${theirs.id}/comments`, member.cookie, {
      body: 'Congratulations!',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(
      (await call('PUT', `/api/community/posts/${theirs.id}/reactions/like`, member.cookie)).statusCode,
    ).toBe(200);
    for (const url of [
      `/api/community/posts/${theirs.id}/bookmark`,
      `/api/community/posts/${theirs.id}/read`,
    ])
      expect((await call('PUT', url, member.cookie)).statusCode).toBe(200);
    expect((await call('PUT', '/api/community/visit', member.cookie)).statusCode).toBe(200);
    const report = await call('POST', '/api/community/reports', member.cookie, {
      postId: theirs.id,
      reason: 'spam',
    });
    expect(report.statusCode, report.body).toBe(200);

    const partnerList = partnerListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/partners?pageSize=1' })).json(),
    );
    const partner = partnerList.items[0]!;
    const request = await call('POST', `/api/partners/${partner.id}/connect`, member.cookie, {
      message: 'I would like to join your trainee scheme.',
      preferredContact: 'email',
      consentToShareProfile: true,
    });
    expect(request.statusCode, request.body).toBe(201);

    const started = await call('POST', '/api/skills/assessments', member.cookie, {
      skills: ['communication'],
    });
    expect(started.statusCode, started.body).toBe(201);
    const attempt = assessmentStateSchema.parse(started.json());
    const answered = await call('POST', `/api/skills/assessments/${attempt.id}/answers`, member.cookie, {
      itemId: attempt.item!.id,
      choice: 0,
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const video = videoListResponseSchema
      .parse((await t.app.inject({ method: 'GET', url: '/api/videos/featured' })).json())
      .items.find((item) => !item.premium)!;
    expect(
      (await call('PUT', `/api/videos/${video.id}/progress`, member.cookie, { positionSeconds: 3 }))
        .statusCode,
    ).toBe(200);

    const sent = await call('POST', '/api/admin/notifications', admin.cookie, {
      title: 'Workshop on Thursday',
      body: 'Interview practice at 6 pm.',
      audience: { type: 'members', userIds: [member.user.id] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // Sent by the job queue, moments later.
    await expect
      .poll(
        async () =>
          accountExportSchema.parse((await call('GET', '/api/account/export', member.cookie)).json())
            .notifications,
      )
      .toMatchObject([{ title: 'Workshop on Thursday' }]);

    const response = await call('GET', '/api/account/export', member.cookie);
    expect(response.statusCode).toBe(200);
    const data = accountExportSchema.parse(response.json());
    expect(data.securityEvents.map((event) => event.type)).toContain('login.success');
    expect(data.signInAddresses).toHaveLength(1);
    expect(data.posts).toMatchObject([
      { topic: expect.any(String), body: 'How do I price my first freelance job?' },
    ]);
    expect(data.comments).toMatchObject([{ postId: theirs.id, body: 'Congratulations!' }]);
    expect(data.reactions).toMatchObject([{ postId: theirs.id, kind: 'like' }]);
    expect(data.reports).toMatchObject([{ postId: theirs.id, reason: 'spam' }]);
    // Writing follows: their own post, and the post commented on.
    expect(data.followedPosts.map((follow) => follow.postId).sort()).toEqual(
      [own.json<{ id: string }>().id, theirs.id].sort(),
    );
    expect(data.bookmarks).toMatchObject([{ postId: theirs.id }]);
    expect(data.communityReads).toMatchObject({
      feedSeenAt: expect.any(String),
      threads: [{ postId: theirs.id }],
    });
    expect(data.partnerRequests).toMatchObject([{ partner: partner.name, status: 'pending' }]);
    expect(data.assessments).toMatchObject([{ id: attempt.id, skills: ['communication'] }]);
    expect(data.assessments[0]!.answers.filter((answer) => answer.answeredAt !== null)).toHaveLength(1);
    expect(data.videoProgress).toMatchObject([{ video: video.title, positionSeconds: 3 }]);

    // Nobody else's: the other member's post body and the admin's address are not in the member's file.
    expect(response.body).not.toContain('Buy followers here');
    expect(response.body).not.toContain(admin.user.email);
    const adminExport = accountExportSchema.parse(
      (await call('GET', '/api/account/export', admin.cookie)).json(),
    );
    expect(adminExport.posts).toEqual([]);
    expect(adminExport.adminActions).toMatchObject([{ subjectLabel: expect.stringContaining('Workshop') }]);
  });
});

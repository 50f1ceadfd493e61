/**
 * Direct messages between members (issue 45.6, decision 0103): conversations, delivery to the two members'
 * live streams only, read receipts, who may message whom, and reports to the moderators, who may read a
 * conversation only while it is reported (each opening audited). Blocking is its own module (blocks).
 */
import type { Database } from '../../db/client.ts';
import { inRootContext, type App } from '../../plugins/root-context.ts';
import type { AttentionCounter } from '../admin/index.ts';
import type { EventBus } from '../events/index.ts';
import { messagesRoutes } from './messages.routes.ts';
import { createMessagesService, type MessageNotices } from './messages.service.ts';
import { messagesModerationRoutes } from './moderation.routes.ts';
import { openReportedCount } from './reports.repo.ts';

export type { MessageNotices } from './messages.service.ts';
/** The member's messages, blocks and setting, for their data export. */
export { memberMessagesExport } from './member-export.ts';

export async function register(
  app: App,
  deps: { db: Database; events: EventBus; notices: MessageNotices },
): Promise<{ attention: AttentionCounter }> {
  const { db, events, notices } = deps;
  await app.register(inRootContext(messagesRoutes), {
    db,
    messages: createMessagesService(db, events, notices),
  });
  await app.register(inRootContext(messagesModerationRoutes), { db });
  return {
    attention: {
      id: 'reported-conversations',
      label: 'Reported conversations to review',
      path: '/admin/moderation',
      count: () => openReportedCount(db),
    },
  };
}

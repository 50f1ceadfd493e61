import type { CannotMessageReason } from '@uplift/contracts';
import { hasBlocked, isBlockedBetween } from '../blocks/index.ts';
import * as repo from './messages.repo.ts';

/** Each reason's refusal, in words the sender can act on; the recipient's own choices stay private. */
export const refusals: Record<CannotMessageReason, string> = {
  'blocked-by-you': 'You blocked this member. Unblock them to send a message.',
  unavailable: 'You can’t message this member.',
  'not-accepting': 'This member isn’t taking messages from you.',
};

/**
 * Why `sender` cannot message `recipient` now, or null. A block either way stops it (the blocked member is
 * not told they were blocked: "You can’t message this member"); then the recipient's setting decides:
 * "messaged" admits members they already have a conversation with, whoever wrote first.
 */
export async function cannotMessage(
  db: repo.Executor,
  sender: string,
  recipient: { id: string; suspendedAt: Date | null },
): Promise<CannotMessageReason | null> {
  if (await hasBlocked(db, sender, recipient.id)) return 'blocked-by-you';
  if (recipient.suspendedAt || (await isBlockedBetween(db, sender, recipient.id))) return 'unavailable';
  const setting = await repo.whoCanMessageOf(db, recipient.id);
  if (setting === 'nobody') return 'not-accepting';
  if (setting === 'messaged' && !(await repo.findConversation(db, sender, recipient.id)))
    return 'not-accepting';
  return null;
}

import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { deleteBlock, insertBlock, memberExists } from './blocks.repo.ts';

/** Blocking twice is blocking once; a member cannot block themselves or someone who does not exist. */
export async function block(db: Database, blocker: string, blocked: string): Promise<void> {
  if (blocker === blocked) throw new HttpError(400, 'You cannot block yourself.');
  if (!(await memberExists(db, blocked))) throw new HttpError(404, 'No member with that id.');
  await insertBlock(db, blocker, blocked);
}

export async function unblock(db: Database, blocker: string, blocked: string): Promise<void> {
  await deleteBlock(db, blocker, blocked);
}

import { videoProgressSchema, type VideoProgressBody } from '@uplift/contracts';
import { sendOrQueue } from '../../../lib/offline/index.ts';

/**
 * PUT /api/videos/:id/progress, queued when offline and replayed once (idempotency key). Quiet: saving
 * a position is not an action the member took, so no "Saved for Later" toast for it.
 */
export function saveProgress(input: {
  videoId: string;
  title: string;
  userId: string;
  body: VideoProgressBody;
}) {
  return sendOrQueue({
    method: 'PUT',
    path: `/videos/${encodeURIComponent(input.videoId)}/progress`,
    body: input.body,
    schema: videoProgressSchema,
    type: 'video-progress',
    description: `Watch progress in "${input.title}"`,
    priority: 'low',
    notify: false,
    ownerId: input.userId,
  });
}

import { assessmentStateSchema, type AnswerRequest } from '@uplift/contracts';
import { sendOrQueue } from '../../../lib/offline/index.ts';

export const answerActionType = 'skills-answer';

/**
 * POST /api/skills/assessments/:id/answers, never lost: sent now, or queued with its idempotency key when
 * offline (the server applies a replay once).
 */
export function answerQuestion(userId: string, attemptId: string, answer: AnswerRequest) {
  return sendOrQueue({
    method: 'POST',
    path: `/skills/assessments/${encodeURIComponent(attemptId)}/answers`,
    body: answer,
    schema: assessmentStateSchema,
    type: answerActionType,
    description: 'Skills assessment answer',
    priority: 'high',
    ownerId: userId,
  });
}

import type { ChatQuota, ChatStreamEvent, Citation } from '@uplift/contracts';

export interface SimulatedAnswer {
  text: string;
  citations: Citation[];
  groundedOnly?: boolean;
  /** Pause before each chunk. */
  delayMs: number;
  /** The connection "drops" once this much of the text is out: no `done` follows. */
  dropAt?: number;
  /** A resumed stream: this much of the text was written meanwhile and comes first, as one token. */
  resumeFrom?: number;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Word-sized chunks with their trailing space, as the server streams them. */
export function chunksOf(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const simulatedQuota: ChatQuota = {
  used: 0,
  limit: null,
  remaining: null,
  resetsAt: new Date(0).toISOString(),
  limitedBy: 'account',
};

/**
 * The events a server would send for `answer`, in the same shape and order (meta, tokens, done), with no
 * server: the mobile chat demo drives the real components with it.
 */
export async function* simulateAnswer(
  answer: SimulatedAnswer,
  signal: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const groundedOnly = answer.groundedOnly ?? false;
  yield { type: 'meta', conversationId: null, messageId: 'demo', citations: answer.citations, groundedOnly };
  let sent = 0;
  if (answer.resumeFrom) {
    sent = Math.min(answer.resumeFrom, answer.text.length);
    yield { type: 'token', text: answer.text.slice(0, sent) };
  }
  for (const chunk of chunksOf(answer.text.slice(sent))) {
    await wait(answer.delayMs, signal);
    if (answer.dropAt !== undefined && sent >= answer.dropAt) return;
    sent += chunk.length;
    yield { type: 'token', text: chunk };
  }
  yield {
    type: 'done',
    messageId: 'demo',
    content: answer.text,
    citations: answer.citations,
    status: 'complete',
    groundedOnly,
    quota: simulatedQuota,
  };
}

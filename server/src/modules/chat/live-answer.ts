import type { FastifyBaseLogger } from 'fastify';
import type { Citation } from '@uplift/contracts';
import { composeFromKnowledgeBase, toChunks, type FallbackReason } from './fallback-answer.ts';
import type { ModelClient, ModelTurn, ModelUsage } from './model-client.ts';

export type AnswerStatus = 'streaming' | 'complete' | 'stopped' | 'failed';

export interface AnswerSnapshot {
  text: string;
  status: AnswerStatus;
  groundedOnly: boolean;
  citations: Citation[];
}

export type AnswerEvent = { type: 'token'; text: string } | { type: 'done'; answer: AnswerSnapshot };

interface GenerateOptions {
  model: ModelClient | null;
  prompt: ModelTurn[];
  passages: Parameters<typeof composeFromKnowledgeBase>[0];
  citations: Citation[];
  /** The answer without the model, when not the passages' (a reshaped previous answer); see fallback-answer.ts. */
  compose?: (reason: FallbackReason) => string;
  firstTokenTimeoutMs: number;
  /** Longest silence between two chunks once streaming. */
  idleTimeoutMs?: number;
  /** Longest answer: it is then cut off, so no answer stays 'streaming' longer (see chat.service.ts). */
  maxDurationMs: number;
  /** Saves the finished answer; `done` is announced only after, so a client that then reads finds it. */
  persist?: (answer: AnswerSnapshot) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const cutOffNote = '\n\n_The answer was cut off: the AI model stopped responding. Try regenerating it._';
const shutdownNote = '\n\n_The answer was cut off: Uplift was restarting. Try regenerating it._';

/** Who ended an answer early: the member (kept as written), or the server shutting down (cut off). */
export type StopReason = 'user' | 'shutdown';

/**
 * One answer being generated. It runs to the end whether or not anyone is listening (a phone that
 * backgrounds mid-answer still gets it), can be stopped, and keeps its text so a late listener can
 * catch up from the start.
 */
export class LiveAnswer {
  text = '';
  status: AnswerStatus = 'streaming';
  groundedOnly = false;
  readonly citations: Citation[];
  /** What the model is (or would be) asked: the system message with the passages, the turns, the question. */
  readonly prompt: ModelTurn[];
  /** The model's own token counts, when it sent them; null for an answer composed without it. */
  modelUsage: ModelUsage | null = null;
  readonly finished: Promise<AnswerSnapshot>;
  private readonly listeners = new Set<(event: AnswerEvent) => void>();
  private readonly controller = new AbortController();
  private stoppedBy: StopReason | null = null;

  constructor(options: GenerateOptions) {
    this.citations = options.citations;
    this.prompt = options.prompt;
    this.finished = this.run(options);
  }

  snapshot(): AnswerSnapshot {
    return {
      text: this.text,
      status: this.status,
      groundedOnly: this.groundedOnly,
      citations: this.citations,
    };
  }

  /** Listens to further events; returns the function that stops listening. */
  subscribe(listener: (event: AnswerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(reason: StopReason = 'user') {
    if (this.status !== 'streaming' || this.stoppedBy) return;
    this.stoppedBy = reason;
    this.controller.abort();
  }

  private emit(event: AnswerEvent) {
    for (const listener of this.listeners) listener(event);
  }

  private append(text: string) {
    this.text += text;
    this.emit({ type: 'token', text });
  }

  private async run(options: GenerateOptions): Promise<AnswerSnapshot> {
    let reachedModel = false;
    if (options.model) {
      reachedModel = await this.streamFromModel(options.model, options);
    }
    if (!reachedModel && !this.stoppedBy) {
      this.groundedOnly = true;
      this.modelUsage = null;
      const reason = options.model ? 'unavailable' : 'unconfigured';
      const text = options.compose?.(reason) ?? composeFromKnowledgeBase(options.passages, reason);
      for (const chunk of toChunks(text)) {
        if (this.stoppedBy) break;
        this.append(chunk);
        // Yield between chunks so a stop request and listeners get their turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (this.stoppedBy === 'shutdown' && this.status === 'streaming') {
      this.append(this.text ? shutdownNote : shutdownNote.trimStart());
      this.status = 'failed';
    }
    if (this.status === 'streaming') this.status = this.stoppedBy ? 'stopped' : 'complete';
    const answer = this.snapshot();
    await options
      .persist?.(answer)
      .catch((error: unknown) => options.log.error({ err: error }, 'Vale: saving an answer failed'));
    this.emit({ type: 'done', answer });
    this.listeners.clear();
    return answer;
  }

  /** True when the model produced at least one chunk (its answer then stands, even if cut off). */
  private async streamFromModel(model: ModelClient, options: GenerateOptions): Promise<boolean> {
    let received = false;
    let timedOut = false;
    const timeOut = () => {
      timedOut = true;
      this.controller.abort();
    };
    let timer = setTimeout(timeOut, options.firstTokenTimeoutMs);
    const deadline = setTimeout(timeOut, options.maxDurationMs);
    const idleMs = options.idleTimeoutMs ?? 30_000;
    try {
      const heardUsage = (usage: ModelUsage) => {
        this.modelUsage = usage;
      };
      for await (const chunk of model.stream(options.prompt, this.controller.signal, heardUsage)) {
        received = true;
        clearTimeout(timer);
        timer = setTimeout(timeOut, idleMs);
        this.append(chunk);
      }
    } catch (error) {
      if (this.stoppedBy) return received;
      // Operators need to see a failing model even though members still get an answer.
      const reason = timedOut ? 'timed out' : (error as Error).message;
      if (!received) {
        options.log.warn({ reason }, 'Vale: the model did not answer; answering from the knowledge base');
        return false;
      }
      options.log.warn({ reason }, 'Vale: the model stream failed midway');
      this.append(cutOffNote);
      this.status = 'failed';
    } finally {
      clearTimeout(timer);
      clearTimeout(deadline);
    }
    return received;
  }
}

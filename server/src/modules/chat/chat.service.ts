import type { FastifyBaseLogger } from 'fastify';
import type { ChatQuota, KnowledgePoint, Role } from '@uplift/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { EventBus } from '../events/index.ts';
import { onKnowledgeChanged, retrieveRelevant } from '../knowledge/index.ts';
import { memberContextOf } from '../profiles/index.ts';
import * as repo from './chat.repo.ts';
import { nothingOnThat, reshapeAnswer, type FallbackReason } from './fallback-answer.ts';
import { previousAnswer, reshapeOf, retrievalQuery } from './follow-up.ts';
import { LiveAnswer, type AnswerSnapshot } from './live-answer.ts';
import type { ValeInstruments } from '../../plugins/prometheus.ts';
import type { ModelClient, ModelTurn } from './model-client.ts';
import { buildPrompt, citationsFor, type Asker, type Passage } from './prompt.ts';
import { createScreenRetrieval, type ScreenPassage } from './screen-passages.ts';
import { createPassageCache } from './passage-cache.ts';
import type { Quota, QuotaHolder } from './quota.ts';

type StoredMessage = Awaited<ReturnType<typeof repo.listMessages>>[number];

/** What retrieval found for a question: knowledge passages, and the product's screens it is about. */
interface Retrieved {
  knowledge: KnowledgePoint[];
  screens: ScreenPassage[];
}

export interface Member {
  id: string;
  role: Role;
}

/** How much each kind of user gets: passages retrieved and earlier turns sent to the model. */
const contextByTier = {
  anonymous: { passages: 3, turns: 6 },
  'member-tier-1': { passages: 4, turns: 10 },
  'member-tier-2': { passages: 6, turns: 20 },
  admin: { passages: 6, turns: 20 },
} as const;

const maxPassages = Math.max(...Object.values(contextByTier).map((context) => context.passages));
/** As long as the public knowledge search keeps its answers (decision 0032). */
const passageCacheMs = 30_000;
const passageCacheEntries = 500;

/** An answer composed without a model: the best passage, then two more to read. */
const knowledgeBaseAnswerPassages = 3;

// Finished answers stay reachable in memory a while for clients resuming their stream.
const keepFinishedMs = 5 * 60_000;
/** Every answer ends (and is saved) within this time, model time-outs included: see `closeAbandoned`. */
const maxAnswerMs = 5 * 60_000;
/** Room for saving a cut-off answer and for clocks: no live process has a 'streaming' row older than this. */
const abandonedAfterMs = maxAnswerMs + 60_000;
const abandonedSweepEveryMs = 60_000;

export function createChatService(deps: {
  db: Database;
  config: Config;
  quota: Quota;
  model: ModelClient | null;
  events: Pick<EventBus, 'subscribe'>;
  log: FastifyBaseLogger;
  /** Where the model's answer times and fallbacks are counted (/metrics). */
  vale?: ValeInstruments;
}) {
  const { db, config, quota, model, events, log, vale } = deps;
  /** Member answers by message id, with the promise of their being saved. */
  const live = new Map<string, { answer: LiveAnswer; saved: Promise<void> }>();
  /** Every answer being generated, anonymous ones included, so a shutdown can cut them all off. */
  const running = new Set<LiveAnswer>();
  let abandonedSweep: NodeJS.Timeout | undefined;

  /**
   * What an answer is grounded in: a member's own result first, the knowledge passages, then the screens.
   * Without a model the answer is composed from the best few knowledge passages, and cites only those.
   */
  const answerPassages = ({ knowledge, screens }: Retrieved): Passage[] => [
    ...screens.filter((screen) => screen.kind === 'results'),
    ...(model ? knowledge : knowledge.slice(0, knowledgeBaseAnswerPassages)),
    ...screens.filter((screen) => screen.kind !== 'results'),
  ];

  /**
   * Who is asking, for the prompt. A member's context is read only when a model will be asked: without one
   * the prompt is only counted (token-usage.ts).
   */
  async function askerOf(member: Member | null): Promise<Asker> {
    if (!member) return { kind: 'visitor' };
    return { kind: 'member', context: model ? await memberContextOf(db, member.id) : [] };
  }

  /** The earlier turns of a stored conversation, as many as the member's context holds. */
  function historyOf(messages: StoredMessage[], member: Member): ModelTurn[] {
    return messages
      .filter((message) => message.content !== '')
      .slice(-contextByTier[member.role].turns)
      .map((message) => ({ role: message.role, content: message.content }));
  }

  /**
   * An answer to `question` after the `history` turns. "Make that shorter" or "in steps" after an answer
   * reshapes it: the model is asked to (the conversation is in its prompt), and without one it is reshaped
   * here (fallback-answer.ts).
   */
  function generate(
    question: string,
    history: ModelTurn[],
    retrieved: Retrieved,
    asker: Asker,
    savedAs?: string,
  ) {
    const passages = answerPassages(retrieved);
    const shape = reshapeOf(question);
    const previous = shape ? previousAnswer(history) : null;
    const reshaping = Boolean(shape && previous);
    // Nothing in the knowledge base fits: the honest answer, not the model's guess (decision 0063).
    const offTopic = passages.length === 0 && !reshaping;
    const answer = new LiveAnswer({
      model: offTopic ? null : model,
      prompt: buildPrompt(question, history, passages, asker),
      passages,
      citations: citationsFor(passages),
      ...(shape && previous
        ? { compose: (reason: FallbackReason) => reshapeAnswer(previous, shape, passages, reason) }
        : {}),
      ...(offTopic ? { compose: () => nothingOnThat } : {}),
      firstTokenTimeoutMs: config.VALE_FIRST_TOKEN_TIMEOUT_MS,
      maxDurationMs: maxAnswerMs,
      log,
      ...(savedAs
        ? {
            persist: (result: AnswerSnapshot) =>
              repo.saveAnswer(db, savedAs, {
                content: result.text,
                status: result.status,
                groundedOnly: result.groundedOnly,
                citations: result.citations,
              }),
          }
        : {}),
    });
    running.add(answer);
    const asked = performance.now();
    void answer.finished
      .then((result) => {
        if (!model || !vale || offTopic) return;
        // Stopped answers say nothing of the model; an answer composed without it is a fallback.
        if (result.status === 'stopped') return;
        const outcome = result.groundedOnly ? 'fallback' : 'model';
        vale.upstream.observe({ outcome }, (performance.now() - asked) / 1000);
        if (result.groundedOnly) vale.fallbacks.inc();
      })
      .finally(() => running.delete(answer));
    return answer;
  }

  /**
   * Marks as failed the answers a stopped process left 'streaming' (killed, or its database gone before
   * it could save). Several instances may share the database and no row says which one owns an answer, so
   * only rows older than any answer can live (`abandonedAfterMs`) are taken: never another instance's.
   */
  async function closeAbandoned() {
    const closed = await repo.failAbandonedAnswers(db, abandonedAfterMs);
    if (closed > 0) log.warn({ closed }, 'Vale: closed answers a stopped process left unfinished');
  }

  /** Passages of recent questions (see passage-cache.ts), as many as the largest context uses. */
  /** The partners, videos, assessments and own results a question is about (screen-passages.ts). */
  const screens = createScreenRetrieval(db);
  const screensFor = async (question: string, member: Member | null, knowledge: Promise<KnowledgePoint[]>) =>
    screens.find(question, member ? { userId: member.id } : null, (await knowledge).length > 0);

  const passages = createPassageCache((question) => retrieveRelevant(db, question, maxPassages), {
    ttlMs: passageCacheMs,
    maxEntries: passageCacheEntries,
  });
  // Dropped on every instance when the knowledge points are written, so a new passage is found at once.
  onKnowledgeChanged(events, () => passages.clear());

  /**
   * A question answered without saving. The message is charged while the passages are found, and the
   * model is asked as soon as they are, before the charge is settled: its first word is usually on its way
   * by then. Nothing reaches the visitor before the charge is accepted (the answer is only returned, and
   * streamed, after it). A refused charge stops the model's request and the 429 is all that is sent; a
   * holder this instance already saw refused today is not asked for (`quota.mayCharge`). A failed search
   * gives the charge back, so a failure costs nothing.
   */
  async function start(
    holder: QuotaHolder,
    question: string,
    history: ModelTurn[],
    passageCount: number,
    member: Member | null,
  ) {
    const charging = quota.consume(holder);
    // Settled below in every case; until then its refusal must not count as unhandled.
    charging.catch(() => {});
    let found: Retrieved;
    let asker: Asker;
    try {
      // A follow-up is searched for with the question it follows on from (follow-up.ts).
      const query = retrievalQuery(question, history);
      const searching = passages.get(query);
      let knowledge: KnowledgePoint[];
      let named: ScreenPassage[];
      [knowledge, named, asker] = await Promise.all([
        searching.then((all) => all.slice(0, passageCount)),
        screensFor(query, member, searching),
        askerOf(member),
      ]);
      found = { knowledge, screens: named };
    } catch (error) {
      await charging; // a refusal is the answer then: there was nothing to give back
      await quota.refund(holder);
      throw error;
    }
    // Without a model the answer is composed here, at once: nothing to win by starting it early.
    const early = model && quota.mayCharge(holder) ? generate(question, history, found, asker) : null;
    let used: ChatQuota;
    try {
      used = await charging;
    } catch (error) {
      early?.stop();
      throw error;
    }
    return { answer: early ?? generate(question, history, found, asker), quota: used };
  }

  /** Keeps a member's answer reachable for resuming clients, and a while after it is saved. */
  function track(messageId: string, answer: LiveAnswer) {
    const saved = answer.finished.then(() => {
      setTimeout(() => live.delete(messageId), keepFinishedMs).unref();
    });
    live.set(messageId, { answer, saved });
  }

  /** `history` is the turns before `question`, which is stored already. */
  async function answerInConversation(
    conversationId: string,
    question: string,
    history: ModelTurn[],
    passages: Retrieved,
    asker: Asker,
  ) {
    // The row exists before generation starts, so the first chunk can never race the stream's listener.
    const row = await repo.insertMessage(db, {
      conversationId,
      role: 'assistant',
      status: 'streaming',
      citations: citationsFor(answerPassages(passages)),
    });
    const answer = generate(question, history, passages, asker, row.id);
    track(row.id, answer);
    return { messageId: row.id, answer };
  }

  /**
   * Without a model the same passages would give the same text, so a regenerated answer offers another
   * angle: the next best passages, or the best again when no other one is relevant.
   */
  async function passagesForRegenerate(
    question: string,
    history: ModelTurn[],
    member: Member,
    last: StoredMessage | undefined,
  ) {
    const limit = contextByTier[member.role].passages;
    const query = retrievalQuery(question, history);
    if (model || last?.role !== 'assistant' || last.citations.length === 0) {
      return retrieveRelevant(db, query, limit);
    }
    const skip = new Set(last.citations.map((citation) => citation.knowledgePointId));
    const next = await retrieveRelevant(db, query, limit, { skip });
    return next.length > 0 ? next : retrieveRelevant(db, query, limit);
  }

  return {
    /** Anonymous: a short context from the request itself; nothing is stored. */
    async askPublic(holder: QuotaHolder, question: string, history: ModelTurn[]) {
      const anonymous = contextByTier.anonymous;
      return start(holder, question, history.slice(-anonymous.turns), anonymous.passages, null);
    },

    /** A member's one-off question (the OpenAI-compatible endpoint): their context size, nothing stored. */
    async askDirect(member: Member, question: string, history: ModelTurn[]) {
      const context = contextByTier[member.role];
      return start(
        { kind: 'user', ...member },
        question,
        history.slice(-context.turns),
        context.passages,
        member,
      );
    },

    async askAsMember(member: Member, question: string, conversationId: string | undefined) {
      const existing = conversationId
        ? await repo.findConversation(db, member.id, conversationId)
        : undefined;
      if (conversationId && !existing) throw new HttpError(404, 'No conversation with that id.');
      const history = existing ? historyOf(await repo.listMessages(db, existing.id), member) : [];
      // Charged once the passages are found, and before anything is written: a question refused for
      // quota or failing to start leaves the quota and the conversations as they were. A follow-up is
      // searched for with the question it follows on from (follow-up.ts).
      const query = retrievalQuery(question, history);
      const searching = retrieveRelevant(db, query, contextByTier[member.role].passages);
      const [knowledge, named, asker] = await Promise.all([
        searching,
        screensFor(query, member, searching),
        askerOf(member),
      ]);
      const passages = { knowledge, screens: named };
      const used: ChatQuota = await quota.consume({ kind: 'user', id: member.id, role: member.role });
      const conversation = existing ?? (await repo.createConversation(db, member.id, titleFrom(question)));
      const asked = await repo.insertMessage(db, {
        conversationId: conversation.id,
        role: 'user',
        content: question,
      });
      const started = await answerInConversation(conversation.id, question, history, passages, asker);
      return { conversationId: conversation.id, questionId: asked.id, ...started, quota: used };
    },

    /**
     * Answers a question of the conversation again: by default the last one, or `questionId`, any of the
     * member's earlier questions in it. `edited`, the member's new wording, replaces the question as sent.
     * Every turn after the question (the answer being replaced, and later questions with their answers) is
     * dropped, once the quota has been charged: a refused request leaves the conversation as it was.
     */
    async regenerate(
      member: Member,
      conversationId: string,
      change: { edited?: string | undefined; questionId?: string | undefined } = {},
    ) {
      const { edited, questionId } = change;
      const conversation = await repo.findConversation(db, member.id, conversationId);
      if (!conversation) throw new HttpError(404, 'No conversation with that id.');
      const messages = await repo.listMessages(db, conversation.id);
      const at =
        questionId === undefined
          ? messages.findLastIndex((message) => message.role === 'user')
          : messages.findIndex((message) => message.id === questionId);
      const sent = messages[at];
      if (questionId !== undefined && !sent) {
        throw new HttpError(404, 'No question with that id in this conversation.');
      }
      if (!sent) throw new HttpError(400, 'There is no question to answer again.');
      if (sent.role !== 'user') throw new HttpError(400, 'Only your own questions can be edited.');
      const question = edited === undefined ? sent : { ...sent, content: edited };
      const history = historyOf(messages.slice(0, at), member);
      const dropped = messages.slice(at + 1);
      const query = retrievalQuery(question.content, history);
      const [knowledge, named, asker] = await Promise.all([
        passagesForRegenerate(question.content, history, member, dropped[0]),
        screensFor(query, member, retrieveRelevant(db, query, 1)),
        askerOf(member),
      ]);
      const passages = { knowledge, screens: named };
      // Counted before the turns being replaced are touched: when the quota is used up, they are kept.
      const used = await quota.consume({ kind: 'user', id: member.id, role: member.role });
      for (const message of dropped) {
        const previous = live.get(message.id);
        previous?.answer.stop();
        await previous?.saved;
      }
      await repo.replaceFrom(
        db,
        dropped.map((message) => message.id),
        edited !== undefined && edited !== sent.content ? { id: sent.id, content: edited } : null,
      );
      const started = await answerInConversation(conversation.id, question.content, history, passages, asker);
      return { conversationId: conversation.id, questionId: sent.id, ...started, quota: used };
    },

    async stop(member: Member, messageId: string) {
      const message = await repo.findOwnMessage(db, member.id, messageId);
      if (!message) throw new HttpError(404, 'No message with that id.');
      const tracked = live.get(messageId);
      tracked?.answer.stop();
      await tracked?.saved;
      return repo.findOwnMessage(db, member.id, messageId);
    },

    /** The answer being generated (to resume its stream), or null once only the stored copy is left. */
    liveAnswer(messageId: string): LiveAnswer | null {
      const answer = live.get(messageId)?.answer;
      return answer && answer.status === 'streaming' ? answer : null;
    },

    /** Closes abandoned answers now and every minute while the app runs. */
    async watchAbandoned() {
      // A database hiccup must not stop the server from starting: the next sweep tries again.
      const sweep = () =>
        closeAbandoned().catch((error: unknown) =>
          log.warn({ err: error }, 'Vale: closing abandoned answers failed'),
        );
      await sweep();
      abandonedSweep = setInterval(sweep, abandonedSweepEveryMs);
      abandonedSweep.unref();
    },

    /**
     * Graceful shutdown: cuts off every answer in flight (a stalled model could otherwise outlast the
     * shutdown delay) and resolves once what they received is saved and their streams have ended.
     */
    async drain() {
      clearInterval(abandonedSweep);
      for (const answer of running) answer.stop('shutdown');
      await Promise.allSettled([
        ...[...running].map((answer) => answer.finished),
        ...[...live.values()].map((tracked) => tracked.saved),
      ]);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

function titleFrom(question: string): string {
  const oneLine = question.replace(/\s+/g, ' ').trim();
  return oneLine.length > 60 ? `${oneLine.slice(0, 57)}…` : oneLine;
}

import {
  dontKnowChoice,
  levelForScore,
  scoreBand,
  skillAreaLabel,
  skillsLimits,
  thetaToScore,
  type AnswerRequest,
  type AssessmentResult,
  type AssessmentState,
  type ReviewEntry,
  type SkillAreaId,
  type SkillResult,
  type SkillResults,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  defaultStoppingRule,
  estimateAbility,
  selectNextItem,
  shouldStop,
  type AbilityEstimate,
  type StoppingRule,
} from './psychometrics.ts';
import { loadConcepts, type Concept } from './item-bank.ts';
import { studyLinksFor } from './recommendations.ts';
import * as repo from './skills.repo.ts';
import type { AttemptRow, ItemRow, Queryable, ResponseRow, ResultRow } from './skills.repo.ts';

export interface SkillsServiceOptions {
  cooldownDays: number;
  rule?: StoppingRule;
  random?: () => number;
}

/** The caller, and whether their tier includes the detailed report (percentiles, history). */
export interface SkillsMember {
  id: string;
  detailedReport: boolean;
}

const dayMs = 24 * 60 * 60_000;
const params = (item: ItemRow) => ({ a: item.discrimination, b: item.difficulty, exposure: item.exposure });

interface SkillStatus {
  skill: string;
  answered: number;
  estimate: AbilityEstimate;
  unused: ItemRow[];
  done: boolean;
}

export type SkillsService = ReturnType<typeof createSkillsService>;

export function createSkillsService(db: Database, options: SkillsServiceOptions) {
  const rule = options.rule ?? defaultStoppingRule;
  const random = options.random ?? Math.random;
  let concepts: Promise<Map<string, Concept>> | undefined;
  const conceptOf = async (id: string) => {
    concepts ??= loadConcepts().then((list) => new Map(list.map((concept) => [concept.id, concept])));
    return (await concepts).get(id);
  };
  const retakeAt = (completedAt: Date) => new Date(completedAt.getTime() + options.cooldownDays * dayMs);

  /** Where each skill of the attempt stands, from its answered questions. */
  function statusOf(attempt: AttemptRow, responses: ResponseRow[], items: ItemRow[]): SkillStatus[] {
    const byId = new Map(items.map((item) => [item.id, item]));
    const seen = new Set(responses.map((response) => response.itemId));
    return attempt.skills.map((skill) => {
      const answered = responses.flatMap((response) => {
        const item = byId.get(response.itemId);
        return response.skill === skill && response.correct !== null && item
          ? [{ ...params(item), correct: response.correct }]
          : [];
      });
      const estimate = estimateAbility(answered);
      const unused = items.filter((item) => item.skill === skill && item.active && !seen.has(item.id));
      return {
        skill,
        answered: answered.length,
        estimate,
        unused,
        done: shouldStop(answered.length, estimate, unused.length, rule),
      };
    });
  }

  /** Serves the next question (the least-advanced unfinished skill first), or completes the attempt. */
  async function advance(tx: Queryable, attempt: AttemptRow, responses: ResponseRow[], items: ItemRow[]) {
    if (responses.some((response) => response.answeredAt === null)) return;
    const statuses = statusOf(attempt, responses, items);
    const open = statuses.filter((status) => !status.done);
    const next = open.reduce<SkillStatus | undefined>(
      (best, status) => (!best || status.answered < best.answered ? status : best),
      undefined,
    );
    const item = next && selectNextItem(next.estimate.theta, next.unused.map(withParams), random);
    if (next && item) {
      const served = {
        attemptId: attempt.id,
        itemId: item.row.id,
        skill: next.skill,
        sequence: responses.length + 1,
      };
      await repo.insertServed(tx, served);
      const unanswered = {
        answeredAt: null,
        choice: null,
        dontKnow: false,
        correct: null,
        timeSpentMs: null,
      };
      responses.push({ ...served, ...unanswered, servedAt: new Date() });
      return;
    }
    const completedAt = new Date();
    const results = statuses
      .filter((status) => status.answered > 0)
      .map((status) => ({
        userId: attempt.userId,
        skill: status.skill,
        theta: status.estimate.theta,
        standardError: status.estimate.se,
        score: thetaToScore(status.estimate.theta),
        itemsAnswered: status.answered,
        correctCount: responses.filter((r) => r.skill === status.skill && r.correct === true).length,
      }));
    await repo.completeAttempt(tx, attempt.id, completedAt, results);
    Object.assign(attempt, { status: 'completed', completedAt });
  }

  function stateOf(attempt: AttemptRow, responses: ResponseRow[], items: ItemRow[]): AssessmentState {
    const statuses = statusOf(attempt, responses, items);
    const open = responses.find((response) => response.answeredAt === null);
    const openItem = open && items.find((item) => item.id === open.itemId);
    const completed = attempt.status === 'completed';
    return {
      id: attempt.id,
      status: attempt.status,
      skills: statuses.map((status) => ({
        skill: status.skill as SkillAreaId,
        answered: status.answered,
        maxItems: Math.min(rule.maxItems, status.answered + status.unused.length),
        done: completed || status.done,
      })),
      item:
        !completed && open && openItem
          ? {
              id: openItem.id,
              skill: openItem.skill as SkillAreaId,
              stem: openItem.stem,
              options: openItem.options,
              position: responses.filter((response) => response.skill === open.skill).length,
            }
          : null,
      startedAt: attempt.startedAt.toISOString(),
      completedAt: attempt.completedAt?.toISOString() ?? null,
    };
  }

  /** Locks the attempt, loads what the rules need, and runs `work` in one transaction. */
  function withAttempt<T>(
    member: SkillsMember,
    attemptId: string,
    work: (tx: Queryable, attempt: AttemptRow, responses: ResponseRow[], items: ItemRow[]) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const attempt = await repo.lockOwnAttempt(tx, member.id, attemptId);
      if (!attempt) throw new HttpError(404, 'No assessment with that id.');
      const responses = await repo.responsesOf(tx, attempt.id);
      const items = await repo.activeItemsOf(tx, attempt.skills);
      const retired = responses.filter((r) => !items.some((item) => item.id === r.itemId));
      items.push(
        ...(await repo.itemsByIds(
          tx,
          retired.map((r) => r.itemId),
        )),
      );
      return work(tx, attempt, responses, items);
    });
  }

  function toSkillResult(row: ResultRow, percentile: number | null): SkillResult {
    const score = row.score;
    const band = scoreBand(row.theta, row.standardError);
    return {
      skill: row.skill as SkillAreaId,
      score,
      level: levelForScore(score),
      bandLow: band.low,
      bandHigh: band.high,
      standardError: Math.round(row.standardError * 1000) / 1000,
      itemsAnswered: row.itemsAnswered,
      correctCount: row.correctCount,
      percentile,
      completedAt: row.completedAt.toISOString(),
      retakeAvailableAt: retakeAt(row.completedAt).toISOString(),
    };
  }

  async function withPercentiles(member: SkillsMember, rows: ResultRow[]): Promise<SkillResult[]> {
    return Promise.all(
      rows.map(async (row) =>
        toSkillResult(row, member.detailedReport ? await repo.percentileOf(db, row.skill, row.score) : null),
      ),
    );
  }

  /**
   * The missed questions, through their concepts: a question still in the live bank is never shown with
   * its key, wording or own explanation (decision 0050); a retired one is shown in full. Ordered by the
   * attempt's skills and concept, not by the order served.
   */
  async function reviewOf(responses: ResponseRow[], items: Map<string, ItemRow>): Promise<ReviewEntry[]> {
    const study = new Map<string, Promise<ReviewEntry['study']>>();
    const entries = await Promise.all(
      responses.map(async (response): Promise<ReviewEntry[]> => {
        const item = items.get(response.itemId);
        if (!item || response.answeredAt === null || response.correct !== false) return [];
        const concept = (await conceptOf(item.concept)) ?? {
          id: item.concept,
          skill: item.skill as SkillAreaId,
          title: skillAreaLabel(item.skill as SkillAreaId),
          idea: '',
        };
        const links = study.get(concept.id) ?? studyLinksFor(db, item.skill, concept);
        study.set(concept.id, links);
        return [
          {
            skill: item.skill as SkillAreaId,
            concept: concept.id,
            conceptTitle: concept.title,
            idea: concept.idea,
            study: await links,
            dontKnow: response.dontKnow,
            retired: item.active
              ? null
              : {
                  stem: item.stem,
                  options: item.options,
                  chosen: response.choice,
                  correctOption: item.answer,
                  explanation: item.explanation,
                },
          },
        ];
      }),
    );
    return entries.flat();
  }

  return {
    async start(member: SkillsMember, skills: SkillAreaId[]): Promise<AssessmentState> {
      if (await repo.findActiveAttemptId(db, member.id)) {
        throw new HttpError(409, 'You have an assessment in progress: finish it before starting another.');
      }
      const now = Date.now();
      const cooling = (await repo.latestCompletionBySkill(db, member.id, skills)).filter(
        (row) => retakeAt(row.completedAt).getTime() > now,
      );
      if (cooling.length > 0) {
        const dates = cooling.map(
          (row) =>
            `${skillAreaLabel(row.skill as SkillAreaId)} on ${retakeAt(row.completedAt).toISOString().slice(0, 10)}`,
        );
        throw new HttpError(409, `Too soon to retake: ${dates.join(', ')}.`);
      }
      const available = new Set((await repo.activeItemsOf(db, skills)).map((item) => item.skill));
      const missing = skills.filter((skill) => !available.has(skill));
      if (missing.length > 0) {
        throw new HttpError(
          409,
          `No questions are available yet for ${missing.map(skillAreaLabel).join(', ')}.`,
        );
      }
      const attempt = await repo.insertAttempt(db, member.id, skills);
      if (!attempt) throw new HttpError(409, 'You have an assessment in progress: finish it first.');
      return withAttempt(member, attempt.id, async (tx, locked, responses, items) => {
        await advance(tx, locked, responses, items);
        return stateOf(locked, responses, items);
      });
    },

    /** The attempt as it stands, serving the next question if none is open. */
    state(member: SkillsMember, attemptId: string): Promise<AssessmentState> {
      return withAttempt(member, attemptId, async (tx, attempt, responses, items) => {
        if (attempt.status === 'in-progress') await advance(tx, attempt, responses, items);
        return stateOf(attempt, responses, items);
      });
    },

    answer(member: SkillsMember, attemptId: string, answer: Required<AnswerRequest>) {
      return withAttempt(member, attemptId, async (tx, attempt, responses, items) => {
        if (attempt.status === 'completed') throw new HttpError(409, 'This assessment is already complete.');
        const response = responses.find((r) => r.itemId === answer.itemId);
        if (!response) throw new HttpError(400, 'That question was not served in this attempt.');
        const dontKnow = answer.choice === dontKnowChoice;
        const choice = typeof answer.choice === 'number' ? answer.choice : null;
        if (response.answeredAt !== null) {
          // The same answer sent twice changes nothing; a different one cannot replace the first.
          if (response.choice === choice && response.dontKnow === dontKnow) {
            return stateOf(attempt, responses, items);
          }
          throw new HttpError(409, 'That question has already been answered.');
        }
        const item = items.find((candidate) => candidate.id === answer.itemId);
        if (!item) throw new HttpError(400, 'That question was not served in this attempt.');
        // "I don't know" is scored as a wrong answer (decision 0092).
        const recorded = {
          attemptId: attempt.id,
          itemId: item.id,
          choice,
          dontKnow,
          correct: choice === item.answer,
        };
        // Credited time: since the question was served, capped, and no more than the device measured.
        const timeSpentMs = await repo.recordAnswer(tx, {
          ...recorded,
          capMs: skillsLimits.maxTimePerItemMs,
          deviceMs: answer.timeSpentMs > 0 ? answer.timeSpentMs : null,
        });
        await repo.updateTimeSpent(tx, attempt.id);
        Object.assign(response, { ...recorded, timeSpentMs, answeredAt: new Date() });
        await advance(tx, attempt, responses, items);
        return stateOf(attempt, responses, items);
      });
    },

    async result(member: SkillsMember, attemptId: string): Promise<AssessmentResult> {
      const attempt = await repo.findOwnAttempt(db, member.id, attemptId);
      if (!attempt) throw new HttpError(404, 'No assessment with that id.');
      if (attempt.status !== 'completed' || !attempt.completedAt) {
        throw new HttpError(409, 'This assessment is not finished yet.');
      }
      const responses = (await repo.responsesOf(db, attempt.id)).filter((r) => r.answeredAt !== null);
      const items = new Map(
        (
          await repo.itemsByIds(
            db,
            responses.map((r) => r.itemId),
          )
        ).map((item) => [item.id, item]),
      );
      const rows = await repo.resultsOfAttempt(db, attempt.id);
      const order = (skill: string) => attempt.skills.indexOf(skill);
      rows.sort((x, y) => order(x.skill) - order(y.skill));
      return {
        id: attempt.id,
        completedAt: attempt.completedAt.toISOString(),
        timeSpentSeconds: attempt.timeSpentSeconds,
        results: await withPercentiles(member, rows),
        review: (await reviewOf(responses, items)).sort(
          (x, y) => order(x.skill) - order(y.skill) || x.concept.localeCompare(y.concept),
        ),
        detailedReport: member.detailedReport,
      };
    },

    async results(member: SkillsMember): Promise<SkillResults> {
      const rows = await repo.resultsOfUser(db, member.id);
      const latest = new Map<string, ResultRow>();
      for (const row of rows) latest.set(row.skill, row);
      return {
        latest: await withPercentiles(member, [...latest.values()]),
        history: member.detailedReport
          ? rows.map((row) => {
              const band = scoreBand(row.theta, row.standardError);
              return {
                skill: row.skill as SkillAreaId,
                score: row.score,
                bandLow: band.low,
                bandHigh: band.high,
                completedAt: row.completedAt.toISOString(),
              };
            })
          : null,
        activeAttemptId: await repo.findActiveAttemptId(db, member.id),
        detailedReport: member.detailedReport,
        cooldownDays: options.cooldownDays,
      };
    },
  };
}

/** Items with their 2PL parameters, as the selection expects them. */
function withParams(row: ItemRow) {
  return { row, ...params(row) };
}

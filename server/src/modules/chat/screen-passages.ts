import type { CitationKind } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { rankDocuments, type RankableDocument } from '../knowledge/index.ts';
import { partnerSources, type PartnerSource } from '../partners/index.ts';
import { memberLocationOf } from '../profiles/index.ts';
import {
  assessmentSources,
  learnNextFor,
  memberSkillResult,
  type AssessmentSource,
  type MemberSkillResult,
} from '../skills/index.ts';
import { videoSources, type VideoSource } from '../videos/index.ts';
import { assessmentsWhy, learnNextIntent, learnNextReason } from './learn-next.ts';

/**
 * Passages from the product's own screens (issue 41.3, decision 0072): the partners, videos and skills
 * assessments a question is about, and a signed-in member's own result in that skill, each with the
 * screen it links to. Found by the knowledge module's ranking (`rankDocuments`) over what the other
 * modules' faces give; nothing here names a question.
 */
export interface ScreenPassage {
  kind: Exclude<CitationKind, 'knowledge'>;
  /** The cited thing's id (partner, video, skill or attempt). */
  id: string;
  /** `partner:<slug>`, `video:<slug>`, `assessment:<skill>`, `results:<skill>`. */
  slug: string;
  title: string;
  /** What the model reads of it. */
  body: string;
  href: string;
  /** How an answer composed without a model lists it: a Markdown link and a few words. */
  line: string;
  /** For a member's results: the concepts to start from, one a line. */
  steps?: string[];
}

/** Screens named at most in one answer (a member's own result comes on top). */
export const maxScreenPassages = 3;
/**
 * The least score (`rankDocuments`, 0–1) a screen needs to be named: lower when the knowledge base's own
 * relevance floor (decision 0062) found the question on topic, higher when it did not, so an off-topic
 * question still names nothing. Set on the tuning half of product-eval.json and the off-topic questions.
 */
export const screenFloors = { onTopic: 0.12, offTopic: 0.3 };
/**
 * One assessment at most (the best): it is where a "what should I learn" question starts, named whenever
 * it scores at least this share of the best screen.
 */
const assessmentShareOfBest = 0.8;
/**
 * What is left of a "what should I learn" question once its asking words are out names a skill when it
 * scores this much against an assessment (decision 0115): "public speaking" scores 0.26 for one, "get
 * ahead at work" 0.18 and "get promoted" 0.06.
 */
const skillNamedFloor = 0.2;
/** Videos an assessment's passage points to. */
const videosPerAssessment = 2;
/** Partners whose score is at least this share of the best partner's are told apart by distance. */
const nearbyShareOfBest = 0.8;
/** How long the catalogue is reused (as long as the knowledge passages are: chat.service.ts). */
const sourcesTtlMs = 30_000;

const firstSentence = (text: string) => text.match(/^[^.!?]*[.!?]/)?.[0] ?? text;

function partnerPassage(partner: PartnerSource): ScreenPassage {
  const where =
    partner.distanceKm === null ? partner.city : `${partner.city}, ${partner.distanceKm} km from you`;
  return {
    kind: 'partner',
    id: partner.id,
    slug: partner.key,
    title: partner.name,
    body: `${partner.name} (${partner.categoryLabel.toLowerCase()}, ${where}): ${partner.description}`,
    href: partner.href,
    line: `[${partner.name}](${partner.href}), ${partner.categoryLabel.toLowerCase()} in ${where}: ${firstSentence(partner.description)}`,
  };
}

function videoPassage(video: VideoSource): ScreenPassage {
  return {
    kind: 'video',
    id: video.id,
    slug: video.key,
    title: video.title,
    body: `Video "${video.title}": ${video.description}`,
    href: video.href,
    line: `Video: [${video.title}](${video.href}): ${firstSentence(video.description)}`,
  };
}

/** `why`: the reason this assessment is where the member starts (learn-next.ts). */
function assessmentPassage(assessment: AssessmentSource, videos: VideoSource[], why?: string): ScreenPassage {
  const watch = videos.map((video) => `[${video.title}](${video.href})`).join(', ');
  const concepts = assessment.body
    .split('\n')
    .map((line) => firstSentence(line).replace(/\.$/, ''))
    .join('; ');
  return {
    kind: 'assessment',
    id: assessment.skill,
    slug: assessment.key,
    title: assessment.title,
    body: `${why ? `${why} ` : ''}The ${assessment.title} on Uplift measures: ${concepts}.${watch ? ` Videos for it: ${watch}.` : ''}`,
    href: assessment.href,
    line: why
      ? `[Take the ${assessment.title}](${assessment.href}): ${why}${watch ? ` Watch ${watch} to start.` : ''}`
      : `[Take the ${assessment.title}](${assessment.href}) to see where you stand${watch ? `, and watch ${watch}` : ''}.`,
  };
}

/** The assessments in general, for a visitor (the public skills page) or a member with no result yet. */
function assessmentsPassage(member: boolean): ScreenPassage {
  const href = member ? '/skills' : '/skills-public';
  return {
    kind: 'assessment',
    id: 'skills',
    slug: 'assessment:all',
    title: 'Skills assessments',
    body: `Uplift's skills assessments: ${assessmentsWhy}.`,
    href,
    line: `[Take a skills assessment](${href}): ${assessmentsWhy}.`,
  };
}

/** `why`: the reason this result is where the member starts (learn-next.ts). */
function resultsPassage(result: MemberSkillResult, why?: string): ScreenPassage {
  const outcome = `Your latest ${result.skillLabel} assessment: ${result.score} (${result.levelLabel}), ${result.correct} of ${result.answered} right.`;
  const steps = result.weakest.map(
    (concept) => `**${concept.title}**${concept.idea ? `: ${firstSentence(concept.idea)}` : ''}`,
  );
  return {
    kind: 'results',
    id: result.href.split('=').at(-1) ?? result.skill,
    slug: `results:${result.skill}`,
    title: `Your ${result.skillLabel} results`,
    body: [
      outcome,
      ...(why ? [why] : []),
      steps.length > 0
        ? `The concepts they missed most, to start from: ${result.weakest.map((concept) => `${concept.title} (${concept.idea})`).join('; ')}.`
        : 'They missed no concept in it.',
    ].join(' '),
    href: result.href,
    line: `[${outcome}](${result.href})${why ? ` ${why}` : ''}`,
    steps,
  };
}

/** The videos of a skill not named already (`chosen`), the best `scoreOf` first, as many as an assessment lists. */
function videosForSkill(
  videos: VideoSource[],
  skill: string,
  chosen: string[],
  scoreOf: (key: string) => number,
): VideoSource[] {
  return videos
    .filter((video) => video.skillTags.includes(skill) && !chosen.includes(video.key))
    .sort((x, y) => scoreOf(y.key) - scoreOf(x.key))
    .slice(0, videosPerAssessment);
}

interface Catalogue {
  partners: PartnerSource[];
  videos: VideoSource[];
  assessments: AssessmentSource[];
}

/** The asker, as far as screens depend on them: their own results and how far partners are. */
export interface ScreenAsker {
  userId: string;
}

export function createScreenRetrieval(db: Database, { now = Date.now }: { now?: () => number } = {}) {
  let kept: { at: number; catalogue: Promise<Catalogue> } | null = null;

  function catalogue(): Promise<Catalogue> {
    if (kept && now() - kept.at < sourcesTtlMs) return kept.catalogue;
    const loading = Promise.all([partnerSources(db), videoSources(db), assessmentSources()]).then(
      ([partners, videos, assessments]) => ({ partners, videos, assessments }),
    );
    kept = { at: now(), catalogue: loading };
    // A failed read is not kept: the next question reads again.
    loading.catch(() => {
      if (kept?.catalogue === loading) kept = null;
    });
    return loading;
  }

  /**
   * "What should I learn next?" naming no skill: a member starts from their own results (the skill and the
   * videos for it, their result with the concepts they missed first), anyone else from the assessments.
   */
  async function learnNext(
    asker: ScreenAsker | null,
    { videos, assessments }: Pick<Catalogue, 'videos' | 'assessments'>,
  ): Promise<ScreenPassage[]> {
    const next = asker ? await learnNextFor(db, asker.userId) : null;
    const assessment = next && assessments.find((candidate) => candidate.skill === next.skill);
    if (!next || !assessment) return [assessmentsPassage(asker !== null)];
    const why = learnNextReason(next);
    const watch = videosForSkill(videos, next.skill, [], () => 0);
    return next.result
      ? [resultsPassage(next.result, why), assessmentPassage(assessment, watch)]
      : [assessmentPassage(assessment, watch, why)];
  }

  /**
   * The screens worth naming for `question`, best first: a member's own result leads. `onTopic`: the
   * knowledge base found passages worth citing for it.
   */
  async function find(
    question: string,
    asker: ScreenAsker | null,
    onTopic: boolean,
  ): Promise<ScreenPassage[]> {
    const { partners, videos, assessments } = await catalogue();
    const documents: RankableDocument[] = [
      ...partners.map((partner) => ({
        id: partner.key,
        title: partner.name,
        tags: partner.tags,
        body: partner.description,
      })),
      ...videos.map((video) => ({
        id: video.key,
        title: video.title,
        tags: video.tags,
        body: video.description,
      })),
      ...assessments.map((assessment) => ({
        id: assessment.key,
        title: assessment.title,
        tags: assessment.tags,
        body: assessment.body,
      })),
    ];
    const learning = learnNextIntent(question);
    if (learning) {
      const assessmentDocuments = documents.filter((document) => document.id.startsWith('assessment:'));
      const [named] = await rankDocuments(db, learning.rest, assessmentDocuments);
      if (!named || named.score < skillNamedFloor) return learnNext(asker, { videos, assessments });
    }
    const floor = onTopic ? screenFloors.onTopic : screenFloors.offTopic;
    const ranked = (await rankDocuments(db, question, documents)).filter((entry) => entry.score >= floor);
    const best = ranked[0];
    if (!best) return [];
    const isAssessment = (entry: { id: string }) => entry.id.startsWith('assessment:');
    const bestAssessment = ranked.find(isAssessment);
    const others = ranked.filter((entry) => !isAssessment(entry));
    const chosen = (
      bestAssessment && bestAssessment.score >= assessmentShareOfBest * best.score
        ? [...others.slice(0, maxScreenPassages - 1), bestAssessment].sort((x, y) => y.score - x.score)
        : others.slice(0, maxScreenPassages)
    ).map((entry) => entry.id);
    const assessment = assessments.find(
      (candidate) => candidate.key === bestAssessment?.id && chosen.includes(candidate.key),
    );
    const [located, result] = await Promise.all([
      asker && chosen.some((key) => key.startsWith('partner:')) ? memberLocationOf(db, asker.userId) : null,
      asker && assessment ? memberSkillResult(db, asker.userId, assessment.skill) : null,
    ]);
    // Partners close in relevance are told apart by how near they are, when the member gave a place.
    const partnerScore = new Map(
      ranked.filter((entry) => entry.id.startsWith('partner:')).map((e) => [e.id, e.score]),
    );
    const bestPartner = Math.max(0, ...partnerScore.values());
    const nearby = located ? await partnerSources(db, located) : partners;
    const partnerSlots = chosen.filter((key) => key.startsWith('partner:')).length;
    // Without a place, the partners ranked; with one, the nearest of those close to the best.
    const partnersNamed = located
      ? nearby
          .filter((partner) => (partnerScore.get(partner.key) ?? 0) >= nearbyShareOfBest * bestPartner)
          .sort((x, y) => (x.distanceKm ?? 0) - (y.distanceKm ?? 0))
          .slice(0, partnerSlots)
      : chosen.flatMap((key) => partners.filter((partner) => partner.key === key));
    const videosOf = (skill: string) =>
      videosForSkill(videos, skill, chosen, (key) => ranked.find((entry) => entry.id === key)?.score ?? 0);
    let partnerAt = 0;
    const passages = chosen.flatMap((key): ScreenPassage[] => {
      if (key.startsWith('partner:')) {
        const partner = partnersNamed[partnerAt++];
        return partner ? [partnerPassage(partner)] : [];
      }
      const video = videos.find((candidate) => candidate.key === key);
      if (video) return [videoPassage(video)];
      const found = assessments.find((candidate) => candidate.key === key);
      return found ? [assessmentPassage(found, videosOf(found.skill))] : [];
    });
    return result ? [resultsPassage(result), ...passages] : passages;
  }

  return { find };
}

export type ScreenRetrieval = ReturnType<typeof createScreenRetrieval>;

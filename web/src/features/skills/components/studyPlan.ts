import type { ReviewEntry, SkillAreaId, SkillResult, StudyLink } from '@uplift/contracts';

/** The study links a plan step offers: enough to start with, the rest are in the review. */
const linksPerStep = 2;

export interface ConceptGap {
  key: string;
  skill: SkillAreaId;
  title: string;
  idea: string;
  missed: number;
  /** How many of the missed were answered "I don't know". */
  dontKnow: number;
  study: StudyLink[];
  retired: Array<NonNullable<ReviewEntry['retired']>>;
}

export interface StudyStep {
  result: SkillResult;
  concepts: ConceptGap[];
  links: StudyLink[];
}

/**
 * The missed questions as one entry per concept, biggest gap first: the weakest skill's concepts first
 * (lowest score), and within a skill the concept missed most often.
 */
export function conceptGaps(review: ReviewEntry[], results: SkillResult[]): ConceptGap[] {
  const groups = new Map<string, ConceptGap>();
  for (const entry of review) {
    const key = `${entry.skill} ${entry.concept}`;
    const group = groups.get(key) ?? {
      key,
      skill: entry.skill,
      title: entry.conceptTitle,
      idea: entry.idea,
      missed: 0,
      dontKnow: 0,
      study: entry.study,
      retired: [],
    };
    group.missed += 1;
    if (entry.dontKnow) group.dontKnow += 1;
    if (entry.retired) group.retired.push(entry.retired);
    groups.set(key, group);
  }
  const score = new Map(results.map((result) => [result.skill, result.score]));
  return [...groups.values()].sort(
    (x, y) => (score.get(x.skill) ?? 0) - (score.get(y.skill) ?? 0) || y.missed - x.missed,
  );
}

/** One step per skill with a gap, weakest skill first: the concepts to work on and where to start. */
export function studyPlan(gaps: ConceptGap[], results: SkillResult[]): StudyStep[] {
  return [...results]
    .sort((x, y) => x.score - y.score)
    .map((result) => {
      const concepts = gaps.filter((gap) => gap.skill === result.skill);
      const links = new Map<string, StudyLink>();
      for (const link of concepts.flatMap((concept) => concept.study))
        links.set(`${link.kind}-${link.id}`, link);
      return { result, concepts, links: [...links.values()].slice(0, linksPerStep) };
    })
    .filter((step) => step.concepts.length > 0);
}

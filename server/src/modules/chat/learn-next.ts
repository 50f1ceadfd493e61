import { skillAreas } from '@uplift/contracts';
import type { LearnNext } from '../skills/index.ts';

/**
 * "What should I learn next?" with no skill named (issue 41.3, decision 0115). The intent is told by the
 * kind of words, never by a question: a word about learning or skills together with one that asks for a
 * choice. What is left once those words are taken out is what the question is about; when it names no
 * skill (the caller ranks it against the assessments), Vale starts from the asker's own results.
 */
/** Words about learning or skills, with their endings ("practising", "upskill", "studies"). */
const learning =
  /(?<![\p{L}'])(?:learn|stud(?:y|ies|ying)|improv|develop|upskill|train|practi[cs]|skill|(?:work|working|focus|focusing) on|get better at|brush up|pick up)[\p{L}']*/giu;
/** Words asking for a choice or for guidance. */
const choosing =
  /(?<![\p{L}'])(?:what(?:'s)?|which|where|next|start|begin|first|recommend\p{L}*|suggest\p{L}*|prioriti[sz]e|any|ideas?|tips?|advice)(?![\p{L}'])/giu;

/** Words that carry no subject: wanting, needing, being able to. */
const filler =
  /(?<![\p{L}'])(?:i|i'm|i've|me|my|you|to|if|do|does|should|would|could|can|want|wanna|need|like|be|am|is|are|not|sure|think|know|please|really|now|so|a|an|the)(?![\p{L}'])/giu;

/**
 * Whether the question asks what to learn; `rest` is what it is about once the asking and filler words
 * are out (empty: nothing but the asking).
 */
export function learnNextIntent(question: string): { rest: string } | null {
  const text = question.replace(/[’‘]/g, "'");
  if (!text.match(learning) || !text.match(choosing)) return null;
  const rest = text.replace(learning, ' ').replace(choosing, ' ').replace(filler, ' ');
  return { rest: rest.replace(/[^\p{L}\p{N}'-]+/gu, ' ').trim() };
}

/** Why a member with no result yet, or a visitor, starts from the assessments in general. */
export const assessmentsWhy = `${skillAreas.length} short adaptive assessments (${skillAreas
  .map((area) => area.label)
  .join(
    ', ',
  )}) show where you stand in each skill and which concepts you missed, so you learn next what will help you most`;

/** Why this skill is where the member starts, said with their result or the assessment. */
export function learnNextReason(next: LearnNext): string {
  return next.result
    ? `It is your weakest result, so ${next.skillLabel} is the skill to learn next.`
    : `You have not assessed ${next.skillLabel} yet, and your other results are Proficient or better.`;
}

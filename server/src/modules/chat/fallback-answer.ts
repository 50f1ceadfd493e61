import { isScreen, type Passage } from './prompt.ts';

export type FallbackReason = 'unconfigured' | 'unavailable';

/** Said once, at the end, so the answer itself comes first. */
const note: Record<FallbackReason, string> = {
  unconfigured: '_No AI model is connected, so I answered from the Uplift knowledge base only._',
  unavailable: "_The AI model didn't respond, so I answered from the Uplift knowledge base only._",
};

const listItem = /^\s*(?:[-*+]|\d+[.)])\s+/;
// A sentence may end inside quotes, brackets or emphasis: `"Any questions?" is…`, `*can you do it?*`.
const sentence = /[^.!?]+[.!?]+["'”’)\]*_]*(?:\s|$)/g;
const maxSteps = 5;

function paragraphsOf(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

const isList = (paragraph: string) => paragraph.split('\n').every((line) => listItem.test(line));
/** Steps written as paragraphs: `**1. Understand the target.** Ask your manager…`. */
const numberedParagraph = /^\*\*\d+[.)]\s+/;

/** The first `count` sentences of a paragraph. */
function sentencesOf(paragraph: string, count: number): string {
  const flat = paragraph.replace(/\s+/g, ' ').trim();
  const all = flat.match(sentence) ?? [flat];
  let end = Math.min(count, all.length);
  // A quotation holding several sentences is kept whole rather than cut open.
  const openQuote = (text: string) => (text.match(/["“”]/g) ?? []).length % 2 === 1;
  while (end < all.length && openQuote(all.slice(0, end).join(''))) end += 1;
  return all.slice(0, end).join('').trim();
}

/** The steps of a passage: its first list, or its first run of numbered paragraphs (heading and a sentence). */
function stepsOf(paragraphs: string[]): string[] {
  const start = paragraphs.findIndex((paragraph) => isList(paragraph) || numberedParagraph.test(paragraph));
  const first = paragraphs[start];
  if (first === undefined) return [];
  if (isList(first)) return first.split('\n').map((line) => line.replace(listItem, '').trim());
  const run: string[] = [];
  for (const paragraph of paragraphs.slice(start)) {
    if (!numberedParagraph.test(paragraph)) break;
    run.push(sentencesOf(paragraph.replace(numberedParagraph, '**'), 2));
  }
  return run;
}

/**
 * The opening of a passage: its first prose paragraph (at most two sentences), and its steps, so an
 * answer keeps the passage's substance.
 */
export function excerpt(body: string): { lead: string; items: string[] } {
  const paragraphs = paragraphsOf(body);
  const prose =
    paragraphs.find((paragraph) => !isList(paragraph) && !numberedParagraph.test(paragraph)) ?? '';
  const flat = prose.replace(/\s+/g, ' ');
  // A short paragraph introducing the list ("…treat it like a project:") is kept whole.
  const lead = flat.endsWith(':') && flat.length <= 300 ? flat : sentencesOf(flat, 2);
  return { lead, items: stepsOf(paragraphs).filter(Boolean).slice(0, maxSteps) };
}

/**
 * Vale's answer when nothing in the knowledge base fits (decision 0063), with or without a model: what
 * Vale covers, and two screens to start from, citing nothing. Short, so an off-topic question costs the
 * member a glance.
 */
export const nothingOnThat = [
  "I don't have anything on that. I'm Vale, and I cover careers, skills and the Uplift community.",
  'Two places to start:',
  [
    '- [Take a skills assessment](/skills) to see where you stand and what to learn next.',
    '- [Ask the community](/community): members share what worked in their job search and careers.',
  ].join('\n'),
].join('\n\n');

/** Introduces the product's screens in a composed answer (and tells a reshape where the answer ends). */
const onUplift = 'On Uplift:';
const noArticleButScreens = "I don't have an article on that, but these places on Uplift may help.";

/**
 * An answer composed from the best passages alone, each cited as [n] (its place in `passages`): a member's
 * own result first, with the concepts to start from; then the best knowledge passage's answer and steps;
 * the product's screens it points to (partners, videos, assessments); the other knowledge passages as
 * further reading. The missing model is mentioned once, at the end.
 */
export function composeFromKnowledgeBase(passages: Passage[], reason: FallbackReason): string {
  const numbered = passages.map((passage, i) => ({ passage, mark: `[${i + 1}]` }));
  const screens = numbered.flatMap(({ passage, mark }) =>
    isScreen(passage) ? [{ screen: passage, mark }] : [],
  );
  const points = numbered.filter(({ passage }) => !isScreen(passage));
  if (numbered.length === 0) return nothingOnThat;
  const parts: string[] = [];
  for (const { screen, mark } of screens.filter(({ screen }) => screen.kind === 'results')) {
    parts.push(`${screen.line} ${mark}`);
    if (screen.steps && screen.steps.length > 0)
      parts.push(
        `Start from the concepts you missed most:\n\n${screen.steps.map((step, i) => `${i + 1}. ${step}`).join('\n')}`,
      );
  }
  const [best, ...others] = points;
  if (best) {
    const { lead, items } = excerpt(best.passage.body);
    parts.push(`${lead} ${best.mark}`);
    if (items.length > 0) parts.push(items.map((item) => `- ${item}`).join('\n'));
  }
  const named = screens.filter(({ screen }) => screen.kind !== 'results');
  // Nothing in the knowledge base answers it: said plainly before the screens that may help.
  if (!best && parts.length === 0 && named.length > 0) parts.push(noArticleButScreens);
  if (named.length > 0)
    parts.push(`${onUplift}\n\n${named.map(({ screen, mark }) => `- ${screen.line} ${mark}`).join('\n')}`);
  if (others.length > 0) {
    const more = others.map(
      ({ passage, mark }) => `- **${passage.title}**: ${sentencesOf(excerpt(passage.body).lead, 1)} ${mark}`,
    );
    parts.push(`You may also find these useful:\n\n${more.join('\n')}`);
  }
  parts.push(note[reason]);
  return parts.join('\n\n');
}

/** Splits text into word-sized chunks (each with its trailing space), to stream like a model would. */
export function toChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * Every sentence of a paragraph. A quotation is kept whole, and so is a sentence that goes on after one
 * (`"Any questions?" is a chance…`: what follows does not start with a capital).
 */
function allSentences(paragraph: string): string[] {
  const flat = paragraph.replace(/\s+/g, ' ').trim();
  const whole: string[] = [];
  const quotesOpen = (text: string) => (text.match(/["“”]/g) ?? []).length % 2 === 1;
  for (const part of (flat.match(sentence) ?? [flat]).map((piece) => piece.trim()).filter(Boolean)) {
    const last = whole.at(-1);
    if (last !== undefined && (quotesOpen(last) || /^[\p{Ll}[(]/u.test(part)))
      whole[whole.length - 1] = `${last} ${part}`;
    else whole.push(part);
  }
  return whole;
}

/** The citation marks a text carries, once each: `[1][2]`. */
function marksIn(text: string): string {
  return [...new Set(text.match(/\[\d+\]/g) ?? [])].join('');
}

/** A note line (`_…_`), or the further reading a composed answer ends with. */
const isNote = (paragraph: string) => /^_[^]*_$/.test(paragraph);
const furtherReading = new RegExp(`^(?:You may also find these useful|${onUplift})`);

/**
 * The previous answer reshaped without a model: `shorter` keeps its first sentence (with its citations) and
 * at most three of its points; `steps` numbers its points, or its sentences when it has no list, or when it
 * is a single sentence the steps of the best passage it cited (`passages`, which are its own). Its notes
 * and further reading are dropped; the missing model is mentioned at the end, as in every composed answer.
 */
export function reshapeAnswer(
  previous: string,
  shape: 'shorter' | 'steps',
  passages: Passage[],
  reason: FallbackReason,
): string {
  const paragraphs = paragraphsOf(previous).filter((paragraph) => !isNote(paragraph));
  const end = paragraphs.findIndex((paragraph) => furtherReading.test(paragraph));
  const body = end === -1 ? paragraphs : paragraphs.slice(0, end);
  const prose = body.filter((paragraph) => !isList(paragraph));
  const items = body
    .filter(isList)
    .flatMap((paragraph) => paragraph.split('\n').map((line) => line.replace(listItem, '').trim()))
    .filter(Boolean);
  const parts: string[] = [];
  if (shape === 'shorter') {
    const lead = prose[0] ?? '';
    const first = allSentences(lead)[0] ?? '';
    const marks = marksIn(first) ? '' : marksIn(lead);
    if (first) parts.push(marks ? `${first} ${marks}` : first);
    if (items.length > 0)
      parts.push(
        items
          .slice(0, first ? 3 : 4)
          .map((item) => `- ${item}`)
          .join('\n'),
      );
  } else {
    // Too little to number (a one-sentence answer): the steps of the passage it came from.
    const ownSteps = items.length >= 2 ? items : prose.flatMap(allSentences);
    const best = passages[0];
    const listed = best ? excerpt(best.body).items : [];
    const passageSteps =
      listed.length >= 2 || !best
        ? listed
        : paragraphsOf(best.body)
            .filter((paragraph) => !isList(paragraph))
            .flatMap(allSentences)
            .slice(0, maxSteps);
    const steps = ownSteps.length >= 2 || passageSteps.length < 2 ? ownSteps : passageSteps;
    const marks = marksIn(body.join('\n')) || (best ? '[1]' : '');
    const intro = items.length >= 2 ? prose[0] : undefined;
    const introLine = intro ? sentencesOf(intro, 1) : 'Step by step:';
    parts.push(marks && !marksIn(introLine) ? `${introLine} ${marks}` : introLine);
    parts.push(steps.map((step, i) => `${i + 1}. ${step}`).join('\n'));
  }
  parts.push(note[reason]);
  return parts.join('\n\n');
}

/**
 * How a mention is written in a post or comment body (decision 0095): the Markdown link
 * `[@Name](mention:<member id>)`. The id is what counts; the name is the one shown when it was written.
 * A renderer that knows nothing of mentions drops the `mention:` target as unsafe and shows "@Name" as
 * plain text, which is also how a mention the server does not resolve (a member who left) is shown.
 * Without zod, like the constants: the feed's renderer needs only this.
 */

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// A name in the token never holds brackets or a line break, so the token ends where it seems to.
const mentionSource = `\\[@([^\\[\\]\\n]{1,80})\\]\\(mention:(${uuid})\\)`;

/** Mentions a body may carry, beyond which the rest stay plain text and notify nobody. */
export const mentionLimits = { perBody: 10, suggestions: 6 } as const;

/** The token that mentions `id`, shown as `name`. */
export function mentionToken(id: string, name: string): string {
  return `[@${name.replace(/[[\]\n]/g, ' ').trim()}](mention:${id})`;
}

export interface MentionInText {
  id: string;
  name: string;
  /** Where the token starts and ends in the text. */
  start: number;
  end: number;
}

/** Every mention token in `text`, in order. */
export function mentionsIn(text: string): MentionInText[] {
  const found: MentionInText[] = [];
  for (const match of text.matchAll(new RegExp(mentionSource, 'gi'))) {
    const [token, name = '', id = ''] = match;
    found.push({ id: id.toLowerCase(), name, start: match.index, end: match.index + token.length });
  }
  return found;
}

/** The distinct member ids a body mentions, the first `mentionLimits.perBody` of them. */
export function mentionedIds(text: string): string[] {
  return [...new Set(mentionsIn(text).map((mention) => mention.id))].slice(0, mentionLimits.perBody);
}

/** The body with every mention as "@Name" text: for notification excerpts, emails and pushes. */
export function plainMentions(text: string): string {
  return text.replace(new RegExp(mentionSource, 'gi'), (_token, name: string) => `@${name}`);
}

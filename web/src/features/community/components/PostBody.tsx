import { mentionsIn, type CommunityMention } from '@uplift/contracts';
import { Markdown, type MarkdownComponents, type MarkdownElement } from '../../../ui/Markdown.tsx';
import { markdownElements, markdownLink } from '../../../ui/markdownElements.tsx';

/**
 * The safe Markdown subset members write in: paragraphs, emphasis, links, lists, quotes and code. Raw HTML
 * is skipped (never an element), anything else is unwrapped to its text (an image, having none, goes), and
 * `javascript:` and other unsafe link targets are dropped (decision 0037).
 */
const allowedElements: ReadonlySet<MarkdownElement> = new Set<MarkdownElement>([
  'p',
  'em',
  'strong',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'br',
]);

// Members' links are theirs, not ours: search engines are told so (nofollow ugc). A mention's link is a
// screen of the app, opened in place.
const MemberLink = markdownLink('noopener noreferrer nofollow ugc');
const ProfileLink = markdownLink('', { appScreens: true });
const components: MarkdownComponents = {
  ...markdownElements,
  a: (props) =>
    /^\/profile\/[0-9a-f-]{36}$/.test(props.href ?? '') ? (
      <ProfileLink {...props} />
    ) : (
      <MemberLink {...props} />
    ),
};

const markdownSpecial = /[\\`*_{}[\]()#+\-.!<>|~]/g;
const escaped = (text: string) => text.replace(markdownSpecial, (char) => `\\${char}`);

/**
 * Mention tokens as the server resolved them (decision 0095): a link to the profile under the member's
 * name today when it is in `mentions`, else "@Name" as plain text (a member who left, or a copy still
 * waiting offline that nobody has resolved yet).
 */
export function withMentionLinks(text: string, mentions: readonly CommunityMention[] = []): string {
  const linkable = new Map(mentions.map((mention) => [mention.id, mention.name]));
  let out = '';
  let from = 0;
  for (const mention of mentionsIn(text)) {
    const name = linkable.get(mention.id);
    out += text.slice(from, mention.start);
    out += name ? `[@${escaped(name)}](/profile/${mention.id})` : `@${escaped(mention.name)}`;
    from = mention.end;
  }
  return out + text.slice(from);
}

export function PostBody({ text, mentions }: { text: string; mentions?: readonly CommunityMention[] }) {
  return (
    <div className="space-y-2 leading-relaxed break-words text-ink">
      <Markdown
        text={withMentionLinks(text, mentions)}
        allowedElements={allowedElements}
        components={components}
      />
    </div>
  );
}

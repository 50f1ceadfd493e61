import { parser, RuleType, type MarkdownToJSX } from 'markdown-to-jsx/react';
import { createElement, Fragment, memo, useMemo, type ComponentType, type ReactNode } from 'react';

/**
 * Every element Markdown can become. Nothing else is ever created: raw HTML never becomes an element, an
 * image gets its alt text and never a source, and a link only a safe `href`.
 */
export type MarkdownElement =
  | 'p'
  | 'em'
  | 'strong'
  | 'a'
  | 'ul'
  | 'ol'
  | 'li'
  | 'blockquote'
  | 'pre'
  | 'code'
  | 'br'
  | 'hr'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'h6'
  | 'img';

export interface MarkdownElementProps {
  children?: ReactNode;
  /** Links only: absent when the target is not safe. */
  href?: string;
  /** Images only: their description ("" when none). */
  alt?: string;
  /** Ordered lists only, when they do not start at 1: the number of their first item. */
  start?: number;
}

export type MarkdownComponents = Partial<Record<MarkdownElement, ComponentType<MarkdownElementProps>>>;

const safeProtocol = /^(?:https?|ircs?|mailto|xmpp)$/i;

/**
 * A link target the app may use: relative, or one of the safe protocols (the rule react-markdown applied
 * before, decision 0037). `javascript:`, `vbscript:`, `data:` and any other scheme give `undefined`.
 */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (url == null) return undefined;
  const colon = url.indexOf(':');
  const firstOf = (character: string) => {
    const index = url.indexOf(character);
    return index === -1 ? Infinity : index;
  };
  const relative = colon === -1 || colon > Math.min(firstOf('/'), firstOf('?'), firstOf('#'));
  return relative || safeProtocol.test(url.slice(0, colon)) ? url : undefined;
}

/**
 * CommonMark, as before (decision 0037): bare URLs stay text, a leading `---` is a rule, not front matter.
 * GitHub's extensions the parser knows (tables, `~~`, `==`, task boxes, footnotes, alerts) are written back
 * as the text they came from below.
 */
const parseOptions = {
  disableAutoLink: true,
  disableFrontmatter: true,
  sanitizer: (value: string) => safeUrl(value) ?? null,
};

interface Context {
  components: MarkdownComponents;
  allowed: ReadonlySet<string> | undefined;
  /** Footnote definitions in document order, written back as text where they stood; `used`: placed so far. */
  footnotes: string[];
  used: number;
}

type Node = MarkdownToJSX.ASTNode;

function element(
  context: Context,
  tag: MarkdownElement,
  key: number,
  props: Omit<MarkdownElementProps, 'children'>,
  children?: ReactNode,
): ReactNode {
  // A disallowed element is unwrapped: its content stays, as text and allowed elements.
  if (context.allowed && !context.allowed.has(tag)) {
    return children === undefined ? null : createElement(Fragment, { key }, children);
  }
  return createElement(context.components[tag] ?? tag, { key, ...props }, children);
}

const blockTypes = new Set<Node['type']>([
  RuleType.paragraph,
  RuleType.heading,
  RuleType.blockQuote,
  RuleType.orderedList,
  RuleType.unorderedList,
  RuleType.codeBlock,
  RuleType.breakThematic,
  RuleType.table,
  RuleType.footnote,
]);

/**
 * The nodes rendered, with a line break between blocks as in the source: unwrapped blocks (a heading in a
 * post) stay apart.
 */
function joinBlocks(nodes: Node[], render: (node: Node, index: number) => ReactNode): ReactNode[] {
  const rendered: ReactNode[] = [];
  let afterBlock = false;
  nodes.forEach((node, index) => {
    const output = render(node, index);
    if (output == null) return;
    const isBlock = blockTypes.has(node.type);
    if (rendered.length > 0 && (isBlock || afterBlock)) rendered.push('\n');
    rendered.push(output);
    afterBlock = isBlock;
  });
  return rendered;
}

function renderAll(nodes: Node[], context: Context, block: boolean): ReactNode[] {
  return joinBlocks(nodes, (node, index) => renderNode(node, index, context, block));
}

const delimiters: Record<string, string> = { del: '~~', mark: '==' };
const alignments = { left: ':--', center: ':-:', right: '--:' } as const;

function renderNode(node: Node, key: number, context: Context, block: boolean): ReactNode {
  const inline = (children: Node[]) => renderAll(children, context, false);
  switch (node.type) {
    case RuleType.text:
      return node.text;
    case RuleType.paragraph:
      return element(context, 'p', key, {}, inline(node.children));
    case RuleType.textFormatted: {
      if (node.tag === 'em' || node.tag === 'strong') {
        return element(context, node.tag, key, {}, inline(node.children));
      }
      const delimiter = delimiters[node.tag] ?? '';
      return createElement(Fragment, { key }, delimiter, inline(node.children), delimiter);
    }
    case RuleType.link:
      return element(context, 'a', key, { href: safeUrl(node.target) }, inline(node.children));
    case RuleType.image:
      return element(context, 'img', key, { alt: node.alt ?? '' });
    case RuleType.codeInline:
      return element(context, 'code', key, {}, node.text);
    case RuleType.codeBlock:
      return element(context, 'pre', key, {}, element(context, 'code', 0, {}, node.text));
    case RuleType.breakLine:
      return element(context, 'br', key, {});
    case RuleType.breakThematic:
      return element(context, 'hr', key, {});
    case RuleType.heading:
      return element(context, `h${node.level}`, key, {}, inline(node.children));
    case RuleType.blockQuote: {
      const [first, ...rest] = node.children;
      // An alert (`> [!NOTE]`) is a plain quote that starts with its marker.
      const children =
        node.alert && first?.type === RuleType.paragraph
          ? [
              {
                ...first,
                children: [{ type: RuleType.text, text: `[!${node.alert}]\n` }, ...first.children],
              },
              ...rest,
            ]
          : node.children;
      return element(context, 'blockquote', key, {}, renderAll(children, context, true));
    }
    case RuleType.orderedList:
    case RuleType.unorderedList: {
      const ordered = node.type === RuleType.orderedList;
      // "3. …" starts the list at 3, as it reads in the source.
      const start = ordered && node.start !== undefined && node.start !== 1 ? { start: node.start } : {};
      return element(
        context,
        ordered ? 'ol' : 'ul',
        key,
        start,
        node.items.map((item, index) => element(context, 'li', index, {}, inline(item))),
      );
    }
    case RuleType.htmlBlock:
      // Raw HTML never becomes an element: an HTML block goes whole, inline tags go and leave their text.
      return block || !node.children ? null : createElement(Fragment, { key }, inline(node.children));
    case RuleType.htmlSelfClosing:
    case RuleType.htmlComment:
    case RuleType.ref:
    case RuleType.refCollection:
    case RuleType.frontmatter:
      return null;
    case RuleType.gfmTask:
      return node.completed ? '[x]' : '[ ]';
    case RuleType.footnoteReference:
      return `[^${node.text}]`;
    case RuleType.footnote: {
      const definition = context.footnotes[context.used];
      if (definition === undefined) return null;
      context.used += 1;
      return element(context, 'p', key, {}, definition);
    }
    case RuleType.table: {
      // The pipes as written: a paragraph whose cells keep their inline Markdown.
      const row = (cells: Node[][]) => [
        '| ',
        ...cells.flatMap((cell, index) => [
          index > 0 ? ' | ' : '',
          createElement(Fragment, { key: index }, inline(cell)),
        ]),
        ' |',
      ];
      const rule = `| ${node.align.map((align) => (align ? alignments[align] : '---')).join(' | ')} |`;
      const lines = [row(node.header), [rule], ...node.cells.map(row)];
      return element(
        context,
        'p',
        key,
        {},
        lines.map((line, index) => (
          <Fragment key={index}>
            {index > 0 ? '\n' : ''}
            {line}
          </Fragment>
        )),
      );
    }
    default: {
      // A kind of node this code does not know yet (a newer parser): its text at most, never an element.
      const unknown: { text?: unknown } = node;
      return typeof unknown.text === 'string' ? unknown.text : null;
    }
  }
}

interface BlockProps {
  /**
   * The block's node and the footnote definitions it shows, as JSON. With the two below, that is all its
   * elements are built from: renderNode reads only a node's strings, numbers and child nodes, which JSON
   * keeps, so the same source gives the same elements.
   */
  source: string;
  components: MarkdownComponents;
  allowed: ReadonlySet<string> | undefined;
  children: ReactNode;
}

/**
 * A top-level block, diffed again only when what it is built from changed. While an answer streams in, the
 * whole text is parsed again on every token and every node is a new object, but only the block being
 * written, or one a later line changed (a reference link's definition arriving, a list taking in the next
 * line, `===` making a heading), has a new `source`: the others are left as they are.
 */
const Block = memo(
  function Block({ children }: BlockProps) {
    return <>{children}</>;
  },
  (previous, next) =>
    previous.source === next.source &&
    previous.components === next.components &&
    previous.allowed === next.allowed,
);

function renderBlocks(nodes: Node[], context: Context): ReactNode[] {
  return joinBlocks(nodes, (node, index) => {
    // Built here, not inside Block: whether a block renders anything decides the line breaks around it.
    // Building elements is cheap; diffing them against the page is what Block saves.
    const used = context.used;
    const output = renderNode(node, index, context, true);
    if (output == null) return null;
    const source = JSON.stringify([node, context.footnotes.slice(used, context.used)]);
    return (
      <Block key={index} source={source} components={context.components} allowed={context.allowed}>
        {output}
      </Block>
    );
  });
}

const noComponents: MarkdownComponents = {};

interface MarkdownProps {
  text: string;
  components?: MarkdownComponents;
  /** When given, any other element is unwrapped to its content (an image, having none, goes). */
  allowedElements?: ReadonlySet<MarkdownElement>;
}

/**
 * Markdown rendered to React elements (decision 0037): parsed by markdown-to-jsx, then built here from
 * an allowlist, so what members and Vale write can only become the elements above.
 */
export function Markdown({ text, components = noComponents, allowedElements }: MarkdownProps) {
  return useMemo(() => {
    const ast = parser(text, parseOptions);
    const refs = ast[0]?.type === RuleType.refCollection ? ast[0].refs : undefined;
    const footnotes = Object.entries(refs ?? {})
      .filter(([label]) => label.startsWith('^'))
      .map(([label, { target }]) => `[${label}]: ${target}`);
    // The references lead the tree once one is defined: left out, the blocks keep their keys meanwhile.
    const blocks = refs ? ast.slice(1) : ast;
    return <>{renderBlocks(blocks, { components, allowed: allowedElements, footnotes, used: 0 })}</>;
  }, [text, components, allowedElements]);
}

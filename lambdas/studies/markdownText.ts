/**
 * A study's Markdown as the handout prints it: blocks of plain text, each a heading, a paragraph,
 * a list item (with its bullet or number and its depth), a quotation, code, or a rule. Formatting
 * inside a line (bold, emphasis) prints as plain text, so every script's line is shaped whole; a
 * link prints its text with its address after it, since paper cannot be clicked. The same parser
 * and options as the page's (HTML off: a `<script>` is text).
 */
import MarkdownIt from 'markdown-it';
type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];
import { MARKDOWN_OPTIONS } from '../contract/studies';

export type PrintBlock =
  | { kind: 'heading' | 'paragraph' | 'quote' | 'code'; lines: string[]; depth: number; marker: string | null }
  | { kind: 'rule' };

const parser = new MarkdownIt(MARKDOWN_OPTIONS);

/** An inline token's text, as lines (a hard break starts one); a link's address follows its text. */
function inlineLines(tokens: readonly Token[]): string[] {
  const lines = [''];
  const add = (text: string) => (lines[lines.length - 1] += text);
  let link: { href: string; from: number } | null = null;
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'code_inline':
        add(token.content);
        break;
      case 'image':
        // The page shows a picture's text and address, never the picture: so does paper.
        add(`${token.content} (${String(token.attrGet('src') ?? '')})`);
        break;
      case 'softbreak':
        add(' ');
        break;
      case 'hardbreak':
        lines.push('');
        break;
      case 'link_open':
        link = { href: String(token.attrGet('href') ?? ''), from: lines[lines.length - 1]!.length };
        break;
      case 'link_close': {
        const shown = lines[lines.length - 1]!.slice(link?.from ?? 0);
        const href = link?.href ?? '';
        // An address written out (linkify, <https://...>, a mail address) is its own text.
        if (href && shown !== href && href !== `mailto:${shown}` && href !== `http://${shown}`) add(` (${href})`);
        link = null;
        break;
      }
    }
  }
  return lines;
}

export function printBlocks(markdown: string): PrintBlock[] {
  const blocks: PrintBlock[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let marker: string | null = null;
  let quoted = 0;
  let heading = false;
  let row: string[] | null = null;
  const depth = () => lists.length;
  for (const token of parser.parse(markdown, {})) {
    switch (token.type) {
      case 'bullet_list_open':
        lists.push({ ordered: false, next: 0 });
        break;
      case 'ordered_list_open':
        lists.push({ ordered: true, next: Number(token.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const list = lists.at(-1)!;
        marker = list.ordered ? `${list.next++}.` : '•';
        break;
      }
      case 'blockquote_open':
        quoted += 1;
        break;
      case 'blockquote_close':
        quoted -= 1;
        break;
      case 'heading_open':
        heading = true;
        break;
      case 'heading_close':
        heading = false;
        break;
      case 'tr_open':
        row = [];
        break;
      case 'tr_close':
        blocks.push({ kind: 'paragraph', lines: [row!.join(' · ')], depth: depth(), marker: null });
        row = null;
        break;
      case 'hr':
        blocks.push({ kind: 'rule' });
        break;
      case 'fence':
      case 'code_block':
        blocks.push({
          kind: 'code',
          lines: token.content.replace(/\n$/, '').split('\n'),
          depth: depth(),
          marker: null,
        });
        break;
      case 'inline': {
        const lines = inlineLines(token.children ?? []);
        if (row) {
          row.push(lines.join(' '));
          break;
        }
        const kind = heading ? 'heading' : quoted ? 'quote' : 'paragraph';
        // Only an item's first paragraph carries its bullet; the next ones are indented under it.
        blocks.push({ kind, lines, depth: depth(), marker });
        marker = null;
        break;
      }
    }
  }
  return blocks;
}

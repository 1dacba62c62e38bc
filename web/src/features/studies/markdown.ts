/**
 * A study's text, written in Markdown, as the HTML the study page shows: markdown-it with raw HTML
 * off (a tag someone typed shows as the text it is), then DOMPurify over what it made, keeping
 * only the tags and attributes plain prose needs. Links open only web and mail addresses
 * (STUDY_MESSAGES.link says the same to the writer), in a new tab without the opener; images are
 * not drawn (a study's text loads nothing from elsewhere), and headings start below the session's.
 * Loaded by the study page alone (both libraries stay out of the directory's first load).
 */
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { MARKDOWN_OPTIONS, SAFE_LINK } from '@contract/studies';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'start'];

/** The page's h1 is the study, each session an h2: a text's own headings come under them. */
const HEADING_SHIFT = 2;

const md = new MarkdownIt(MARKDOWN_OPTIONS);
// ![alt](address) shows as its text and link: nothing is fetched from elsewhere when a study opens.
md.disable('image');
md.validateLink = (url) => SAFE_LINK.test(url.trim());
md.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_SHIFT)}`;
  return self.renderToken(tokens, idx, options);
};
md.renderer.rules.heading_close = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_SHIFT)}`;
  return self.renderToken(tokens, idx, options);
};

/** A purifier of its own: its hook marks this page's links only. */
let purifier: ReturnType<typeof DOMPurify> | null = null;
function purify(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_LINK.test(href)) {
      node.removeAttribute('href');
      node.removeAttribute('target');
      node.removeAttribute('rel');
      return;
    }
    if (/^https?:/i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  return purifier;
}

/** HTML (any source) cut down to the prose a study shows: safe to set as an element's inner HTML. */
export function sanitize(html: string): string {
  return purify().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_LINK,
    ALLOW_DATA_ATTR: false,
  });
}

/** A study text's Markdown as safe HTML. */
export function markdownHtml(markdown: string): string {
  return sanitize(md.render(markdown));
}

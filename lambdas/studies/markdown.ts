/**
 * A study's text is Markdown, shown by markdown-it in the browser with HTML off (a `<script>`
 * stays text) and links limited to the web and mail. The server refuses a text whose links would
 * lead anywhere else (`javascript:`, `data:`...), so a writer learns why a link is not one,
 * instead of finding it silently dropped.
 */
import MarkdownIt from 'markdown-it';
import { MARKDOWN_OPTIONS, SAFE_LINK } from '../contract/studies';

let refused = false;
const markdown = new MarkdownIt(MARKDOWN_OPTIONS);
markdown.validateLink = (url: string) => {
  const safe = SAFE_LINK.test(url.trim());
  if (!safe) refused = true;
  return safe;
};

/** Whether the text holds a link (or image) that does not lead to the web or to a mail address. */
export function hasUnsafeLink(text: string): boolean {
  refused = false;
  markdown.parse(text, {});
  return refused;
}

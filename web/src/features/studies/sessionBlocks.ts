/**
 * A session's items as the study page shows them, in their order: each text on its own, and the
 * questions (or references) that follow one another as one list, the questions numbered through
 * the session (a text between two questions does not start the count again), and each file (a
 * picture, a PDF) on its own, in its place.
 */
import type { AttachmentView, ScriptureView, StudyItemView } from '@contract/studies';

export type SessionBlock =
  | { kind: 'text'; markdown: string }
  | { kind: 'questions'; start: number; questions: string[] }
  | { kind: 'scripture'; references: ScriptureView[] }
  | { kind: 'attachment'; attachment: AttachmentView };

export function blocksOf(items: readonly StudyItemView[]): SessionBlock[] {
  const blocks: SessionBlock[] = [];
  let asked = 0;
  for (const item of items) {
    const last = blocks.at(-1);
    if (item.kind === 'text') blocks.push({ kind: 'text', markdown: item.markdown });
    else if (item.kind === 'question') {
      asked += 1;
      if (last?.kind === 'questions') last.questions.push(item.text);
      else blocks.push({ kind: 'questions', start: asked, questions: [item.text] });
    } else if (item.kind === 'attachment') blocks.push({ kind: 'attachment', attachment: item });
    else if (last?.kind === 'scripture') last.references.push(item);
    else blocks.push({ kind: 'scripture', references: [item] });
  }
  return blocks;
}

/** A reading site's link, if it is a web address (the server makes it from the church's https:// site). */
export const readingLink = (link: string | null): string | null => (link && /^https?:\/\//i.test(link) ? link : null);

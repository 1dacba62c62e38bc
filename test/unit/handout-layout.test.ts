/**
 * The handout's layout, page by page: everything inside the margins, a session's band never the
 * last thing on its page (its title and first line follow it), pictures fitted to the text's width
 * and kept in proportion, Markdown's blocks as lines (bullets and numbers hanging, a link's address
 * after its text), and a footer of "Page N of M" on every page.
 */
import { describe, expect, it } from 'vitest';
import type { Item } from '../../lambdas/book/pdf/layout';
import { layoutHandout, sessionDay, type HandoutInput } from '../../lambdas/studies/handoutLayout';
import { printBlocks } from '../../lambdas/studies/markdownText';

/** Every character half its size wide: enough to wrap as a font would. */
const measure = (text: string, _weight: string, size: number) => text.length * size * 0.5;

const input = (sessions: HandoutInput['sessions'], images: HandoutInput['images'] = []): HandoutInput => ({
  church: 'Grace Church',
  title: 'Romans',
  description: 'Eight weeks.',
  author: 'Jane Smith',
  paper: 'letter',
  sessions,
  images,
});

const texts = (items: Item[]) => items.flatMap((i) => (i.kind === 'text' ? [i.text] : []));

describe('the handout layout', () => {
  it('keeps every item inside the page, each band with what follows it, and numbers every page', () => {
    const sessions = Array.from({ length: 12 }, (_, s) => ({
      title: `Week ${s + 1}`,
      date: s % 2 ? null : '2026-12-06',
      items: [
        { kind: 'text' as const, markdown: 'Words '.repeat(40 + s * 9) },
        { kind: 'question' as const, text: `Question ${s}` },
        { kind: 'scripture' as const, reference: 'John 3:16-18' },
      ],
    }));
    const layout = layoutHandout(input(sessions), measure);
    const [width, height] = layout.size;
    expect(layout.pages.length).toBeGreaterThan(2);
    for (const page of layout.pages) {
      for (const item of page.items) {
        if (item.kind === 'line') continue;
        expect(item.x).toBeGreaterThanOrEqual(56);
        expect(item.y).toBeGreaterThan(0);
        expect(item.y).toBeLessThan(height);
        if (item.kind === 'text')
          expect(item.x + measure(item.text, item.weight, item.size)).toBeLessThanOrEqual(width - 55);
      }
      const bands = page.items.filter((i) => i.kind === 'rect');
      for (const band of bands) {
        // Something of its session (its title) is drawn below the band on the same page.
        const below = page.items.filter((i) => i.kind === 'text' && i.y < band.y && i.y > 56);
        expect(below.length).toBeGreaterThan(0);
      }
      expect(texts(page.items)).toContain(`Page ${page.number} of ${layout.pages.length}`);
    }
    expect(layout.pages.flatMap((p) => texts(p.items)).filter((t) => t.startsWith('Session '))).toHaveLength(12);
  });

  it('fits a picture to the text’s width, in proportion, and names a PDF', () => {
    const layout = layoutHandout(
      input(
        [
          {
            title: null,
            date: null,
            items: [
              { kind: 'image', image: 0, name: 'Wide map' },
              { kind: 'image', image: 1, name: 'Unreadable' },
              { kind: 'file', name: 'Notes', pages: 3 },
            ],
          },
        ],
        [{ width: 3000, height: 1000 }, null],
      ),
      measure,
    );
    const items = layout.pages.flatMap((p) => p.items);
    const [picture, ...others] = items.filter((i) => i.kind === 'photo');
    expect(others).toHaveLength(0);
    expect(picture).toMatchObject({ image: 0, x: 56, width: 500 });
    expect(picture!.kind === 'photo' && picture!.height).toBeCloseTo(500 / 3);
    expect(texts(items)).toEqual(
      expect.arrayContaining([
        'Wide map',
        'Attached: Unreadable',
        'Attached: Notes (PDF, 3 pages), in the Bible study in the app',
      ]),
    );
  });

  it('reads Markdown as blocks of plain lines', () => {
    expect(
      printBlocks(
        '# Title\n\nSome **bold** and [a link](https://example.org).\n\n- one\n  1. inner\n\n> quoted\n\n---',
      ),
    ).toEqual([
      { kind: 'heading', lines: ['Title'], depth: 0, marker: null },
      { kind: 'paragraph', lines: ['Some bold and a link (https://example.org).'], depth: 0, marker: null },
      { kind: 'paragraph', lines: ['one'], depth: 1, marker: '•' },
      { kind: 'paragraph', lines: ['inner'], depth: 2, marker: '1.' },
      { kind: 'quote', lines: ['quoted'], depth: 0, marker: null },
      { kind: 'rule' },
    ]);
    // HTML stays text; an address written out is not printed twice.
    expect(printBlocks('<script>x</script> https://example.org')[0]).toMatchObject({
      lines: ['<script>x</script> https://example.org'],
    });
    expect(sessionDay('2026-12-06')).toBe('Sunday, December 6, 2026');
  });
});

/**
 * docs/performance.md's figures, written by every full `npm run bench` from docs/bench-results.json:
 * per module and run (day, command, machine) a table of its metrics against their budgets. Only
 * the part between the markers is written; the prose around it is the doc's own.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { Results, StoredMetric } from './results';

export const PERFORMANCE_DOC = 'docs/performance.md';
export const BEGIN = '<!-- npm run bench writes from here: edits below are lost -->';
export const END = '<!-- npm run bench writes up to here -->';

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const status = (m: StoredMetric) => (m.budget === null ? '' : m.value > m.budget ? '**over**' : 'ok');

/** The figures as Markdown: one table per module and run, modules in name order, metrics in name order. */
export function figuresMarkdown(results: Results): string {
  const groups = new Map<string, [string, StoredMetric][]>();
  for (const [name, m] of Object.entries(results).sort(([a], [b]) => a.localeCompare(b))) {
    const run = m.ran ? `${m.ran}, \`${m.command}\`, ${m.machine}` : 'an earlier run that recorded no day or command';
    const key = `${m.module ?? name.split('.')[0]}\n${run}`;
    groups.set(key, [...(groups.get(key) ?? []), [name, m]]);
  }
  const sections = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, rows]) => {
      const [module, run] = key.split('\n');
      return [
        `### ${module}`,
        '',
        `Run: ${run}.`,
        '',
        '| metric | value | budget | |',
        '| --- | ---: | ---: | --- |',
        ...rows.map(
          ([name, m]) =>
            `| \`${name}\` | ${number(m.value)} ${m.unit} | ${m.budget === null ? '-' : `${number(m.budget)} ${m.unit}`} | ${status(m)} |`,
        ),
      ].join('\n');
    });
  return [BEGIN, '', ...sections.flatMap((s) => [s, '']), END].join('\n');
}

/** Replaces the figures between the markers (or appends them, with the markers, when absent). */
export function withFigures(doc: string, results: Results): string {
  const figures = figuresMarkdown(results);
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) return `${doc.trimEnd()}\n\n${figures}\n`;
  return doc.slice(0, begin) + figures + doc.slice(end + END.length);
}

/** Written as prettier would (the lint checks the doc like any other). */
export async function writePerformanceDoc(root: string, results: Results): Promise<void> {
  const file = path.join(root, PERFORMANCE_DOC);
  const doc = withFigures(await readFile(file, 'utf8'), results);
  await writeFile(file, await format(doc, { ...(await resolveConfig(file)), filepath: file }));
}

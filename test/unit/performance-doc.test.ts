import { describe, expect, it } from 'vitest';
import { BEGIN, END, figuresMarkdown, withFigures } from '../bench/performance-doc';
import { runInfo, type Results } from '../bench/results';

const run = { ran: '2026-11-27', command: 'npm run bench -- pdf', machine: '2 cores, load 0.2' };
const results: Results = {
  'pdf.1000.seconds': { value: 4.5, unit: 's', budget: 6, module: 'pdf', ...run },
  'pdf.1000.peak_mb': { value: 310, unit: 'MB', budget: 300, module: 'pdf', ...run },
  'spa.first_load_js_gz_kb': { value: 113.8, unit: 'KB', budget: null, module: 'spa' },
};

describe("docs/performance.md's figures", () => {
  it('groups each module’s metrics under the run that measured them, against their budgets', () => {
    const md = figuresMarkdown(results);
    expect(md).toContain('### pdf\n\nRun: 2026-11-27, `npm run bench -- pdf`, 2 cores, load 0.2.');
    expect(md).toContain('| `pdf.1000.peak_mb` | 310 MB | 300 MB | **over** |');
    expect(md).toContain('| `pdf.1000.seconds` | 4.5 s | 6 s | ok |');
    expect(md).toContain('### spa\n\nRun: an earlier run that recorded no day or command.');
  });

  it('writes only between its markers, and adds them to a doc that has none', () => {
    const doc = `# Title\n\nProse.\n\n${BEGIN}\nold figures\n${END}\n\n## After\n`;
    const written = withFigures(doc, results);
    expect(written.startsWith('# Title\n\nProse.\n\n')).toBe(true);
    expect(written.endsWith(`${END}\n\n## After\n`)).toBe(true);
    expect(written).not.toContain('old figures');
    expect(withFigures('# Title\n', results)).toMatch(/^# Title\n\n<!-- npm run bench writes from here/);
  });

  it('names a run by its settings and arguments, never its ports', () => {
    const info = runInfo(
      ['pdf'],
      { BENCH_PDF_FAMILIES: '20000', BENCH_STACK_PORT: '4740' },
      new Date('2026-11-27T10:00:00Z'),
    );
    expect(info.ran).toBe('2026-11-27');
    expect(info.command).toBe('BENCH_PDF_FAMILIES=20000 npm run bench -- pdf');
    expect(info.machine).toMatch(/^\d+ cores, load \d+\.\d$/);
  });
});

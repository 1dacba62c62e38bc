/** The table `npm run bench` prints: metric, value, unit, budget, OK/OVER. */
import { round2, type Metric } from './metrics';

export const isOver = (m: Metric): boolean => m.budget !== null && m.value > m.budget;

export function formatTable(metrics: readonly Metric[]): string {
  const rows = metrics.map((m) => [
    m.name,
    round2(m.value).toFixed(2),
    m.unit,
    m.budget === null ? '-' : round2(m.budget).toFixed(2),
    m.budget === null ? '' : isOver(m) ? 'OVER' : 'OK',
  ]);
  const header = ['metric', 'value', 'unit', 'budget', 'status'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const numeric = [false, true, false, true, false];
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

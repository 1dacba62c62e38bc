/**
 * `npm run graph`: draws the server's module graph by folder (dependency-cruiser reads the imports)
 * into docs/architecture-graph.md, as a Mermaid flowchart GitHub renders. Entry points on top, then
 * the route wiring, the capabilities, the shared core, the platform and the contract: every arrow
 * points down or sideways (test/architecture/rules.test.ts keeps the file as the code draws it).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

export const GRAPH_FILE = 'docs/architecture-graph.md';

/** Layers from the top; a folder's layer is the first whose pattern matches it. */
const LAYERS: [string, RegExp][] = [
  ['entry points', /^lambdas\/(http|tasks|events|migrations\/\*\.ts)$/],
  ['route and task wiring', /^lambdas\/platform\/wiring$/],
  [
    'capabilities',
    /^lambdas\/(accounts|book|directory|groups|jobs|migrations|photos|privacy|transfer|audit|map|studies)$/,
  ],
  ['shared core', /^lambdas\/core$/],
  ['platform', /^lambdas\/platform(\/aws)?$/],
  ['contract and manifest', /^lambdas\/(contract|routes\.ts)$/],
];

/**
 * A module's folder: lambdas/<folder>, lambdas/platform/<folder>, or the manifest; the migrations'
 * entries (lambdas/migrations/<name>.ts) apart from the migrations' code.
 */
const folderOf = (source: string): string | null =>
  /^lambdas\/migrations\/[^/]+\.ts$/.test(source)
    ? 'lambdas/migrations/*.ts'
    : (/^lambdas\/(platform\/(aws|wiring)|[^/]+(?=\/)|routes\.ts)/.exec(source)?.[0] ?? null);

const nodeId = (folder: string) => folder.replace(/[^A-Za-z0-9]/g, '_');

export async function architectureGraph(root: string): Promise<string> {
  const { output } = await cruise(['lambdas'], { baseDir: root, tsPreCompilationDeps: true });
  const edges = new Set<string>();
  const folders = new Set<string>();
  for (const module of (output as ICruiseResult).modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    folders.add(from);
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (to && to !== from) edges.add(`${from} --> ${to}`);
    }
  }
  const layerOf = (folder: string) => LAYERS.findIndex(([, pattern]) => pattern.test(folder));
  const unplaced = [...folders].filter((folder) => layerOf(folder) < 0);
  if (unplaced.length)
    throw new Error(`No layer for ${unplaced.join(', ')}: add it to LAYERS in bin/architecture-graph.ts`);
  const up = [...edges].filter((edge) => {
    const [from, to] = edge.split(' --> ') as [string, string];
    return layerOf(from) > layerOf(to);
  });
  if (up.length) throw new Error(`Arrows pointing up: ${up.join('; ')}`);
  const lines = ['```mermaid', 'flowchart TD'];
  LAYERS.forEach(([name], layer) => {
    lines.push(`  subgraph L${layer}["${name}"]`);
    for (const folder of [...folders].filter((f) => layerOf(f) === layer).sort())
      lines.push(`    ${nodeId(folder)}["${folder.replace(/^lambdas\//, '')}"]`);
    lines.push('  end');
  });
  for (const edge of [...edges].sort()) {
    const [from, to] = edge.split(' --> ') as [string, string];
    lines.push(`  ${nodeId(from)} --> ${nodeId(to)}`);
  }
  lines.push('```');
  return [
    '# The server by folder',
    '',
    'Written by `npm run graph` from the imports of `lambdas/` (dependency-cruiser); do not edit by hand.',
    'Layers from the top: every arrow points down or sideways, as `npm run lint` enforces',
    '([architecture.md](architecture.md#layers)).',
    '',
    ...lines,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  writeFileSync(path.join(root, GRAPH_FILE), await architectureGraph(root));
  console.log(`wrote ${GRAPH_FILE}`);
}

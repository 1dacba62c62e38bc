/**
 * The PDF in every script: the multi-script fixture church (test/support/multiscript.ts) printed
 * by the renderer as the Lambda bundle builds it, its fonts and HarfBuzz shipped beside it, in a
 * fresh `node` (so every font of the chain is read cold, the worst first render a container has),
 * then read back as a reader's viewer reads it (pdf.js, test/support/pdfText.ts).
 *
 *  - pdf.multiscript.notdef_glyphs: glyphs drawn as .notdef, the font's empty box. Budget 0.
 *  - pdf.multiscript.names_not_read_back: names the text read back does not give back. Budget 0.
 *  - pdf.multiscript.cold_seconds: import and first render in that fresh process, all 30 fonts
 *    read (the Chinese, Japanese and Korean ones are 5-11 MB each); pdf.multiscript.file_kb.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { copyFilesToShip, lambdaBuildOptions } from '../../lib/bundling';
import { jobs } from '../../lambdas/tasks/manifest';
import { MULTISCRIPT_CHURCH, multiscriptFamilies, multiscriptNames } from '../support/multiscript';
import { namesNotReadBack, pdfText } from '../support/pdfText';
import { round2, type Metric } from './metrics';

const run = promisify(execFile);

/** Runs in the fresh node: imports the bundled renderer, prints the fixture, reports the time and the file. */
const PROBE = `
const [url, inputFile, outFile] = process.argv.slice(1);
const { readFileSync, writeFileSync } = await import('node:fs');
const input = JSON.parse(readFileSync(inputFile, 'utf8'));
const t0 = performance.now();
const { renderDirectoryPdfBytes } = await import(url);
const pdf = await renderDirectoryPdfBytes({ ...input, printedAt: new Date(input.printedAt) });
const ms = performance.now() - t0;
writeFileSync(outFile, pdf.bytes);
process.stdout.write(JSON.stringify({ ms, notdefGlyphs: pdf.notdefGlyphs, bytes: pdf.bytes.length }));
`;

export async function multiscriptMetrics(root: string, dir: string, log: (m: string) => void): Promise<Metric[]> {
  const bundle = path.join(dir, 'render.mjs');
  await esbuild.build(lambdaBuildOptions(root, 'lambdas/book/pdf/render.ts', bundle));
  copyFilesToShip(root, jobs.directoryBook.tasks.RenderFunctionArn, dir);
  const inputFile = path.join(dir, 'multiscript.json');
  const outFile = path.join(dir, 'multiscript.pdf');
  await writeFile(
    inputFile,
    JSON.stringify({ church: MULTISCRIPT_CHURCH, printedAt: new Date(), families: multiscriptFamilies() }),
  );
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', PROBE, pathToFileURL(bundle).href, inputFile, outFile],
    { timeout: 120_000 },
  );
  const result = JSON.parse(stdout) as { ms: number; notdefGlyphs: number; bytes: number };
  const text = await pdfText(new Uint8Array(await readFile(outFile)), undefined, true);
  const unread = namesNotReadBack(text, multiscriptNames());
  if (unread.length) log(`names not read back: ${unread.join(', ')}`);
  log(
    `multi-script book: ${result.notdefGlyphs} .notdef glyphs, ${(result.ms / 1000).toFixed(2)} s cold, ${(result.bytes / 1024).toFixed(0)} KB`,
  );
  return [
    { name: 'pdf.multiscript.notdef_glyphs', value: result.notdefGlyphs, unit: 'glyphs', budget: 0 },
    { name: 'pdf.multiscript.names_not_read_back', value: unread.length, unit: 'names', budget: 0 },
    { name: 'pdf.multiscript.cold_seconds', value: round2(result.ms / 1000), unit: 's', budget: null },
    { name: 'pdf.multiscript.file_kb', value: round2(result.bytes / 1024), unit: 'KB', budget: null },
  ];
}

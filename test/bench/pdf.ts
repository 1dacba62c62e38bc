/**
 * Bench module: the PDF directory (issue 5) of a generated church of 1,000 families (about 4,000
 * members, names in several scripts) with 1,000 photos of ~1200 px (the size the upload's resize
 * produces; eight distinct pictures, each family its own S3 objects), against the real local
 * stack (dynoxide, s3rver, cognito-local; ports 4700-4703, test/bench/stack.ts).
 *
 *  - the book as the Families page makes it: the directoryBook state machine (its very ASL file,
 *    run by aws-local-stepfunctions) for a claimed run of the church's book, each of its task
 *    invocations (each ReadSlice and each Part of the Maps, Plan, Join) run by the task's bundle as CDK ships it
 *    (fonts beside it) in a fresh `node` process of its own, one invocation at a time so that
 *    each is timed alone (in AWS the parts run five at a time, each in its own Lambda).
 *    pdf.<n>.<invocation>.seconds / .peak_mb for every invocation (read0..., plan, part0..., join):
 *    its wall time and its process's own peak resident set (VmHWM, fresh-node.ts), as Lambda
 *    counts memory; pdf.<n>.seconds / pdf.<n>.peak_mb: the longest invocation's and the largest
 *    peak, against a Lambda's limits (the issue's: 6 s and 300 MB at 1,000 families; 30 s, half
 *    the 60 s an invocation may take, and 1.5 GB above). pdf.<n>.job_seconds: every invocation's
 *    time added up. pdf.<n>.file_mb / pages / parts; the plan's own split (read its slices, layout,
 *    write) from its log line. The file is checked where it lies: its cross-reference table read
 *    from its end, and a sample of its objects read at the offsets the table gives.
 *  - pdf.<n>.over_floor_ratio: the invocations' seconds added up over the floor's: the same pages
 *    (same count, the same photos embedded, the same texts) drawn with pure pdf-lib and its
 *    standard Helvetica, from photos already in memory (no DynamoDB, no S3, no layout, no Unicode
 *    fonts), also in a fresh process, timed from the first pdf-lib call to the saved bytes; with
 *    the floor's seconds and peak.
 *
 * Each family's photo is stored as the photo pipeline leaves it for the book: its print rendition
 * at its key and the photo's size on the family. The renditions are made once per distinct
 * picture, by the pipeline's own code (photo-renditions.ts), and stored for every family that has
 * it: the bytes the pipeline would write, without 20,000 identical resizes (27 of the 34 minutes
 * the 20,000-family run took when the one-off job made them).
 *
 * `BENCH_PDF_FAMILIES=10000 npm run bench -- pdf` runs the same with another size (metrics
 * pdf.10000.*). Above 2,000 families the floor, which holds every photo in memory, does not run
 * (BENCH_PDF_FLOOR=1 runs it). The smoke run (size `smoke`): 10 families, floor included (pdf.10.*).
 *
 * First, pdf.multiscript.*: the multi-script fixture church in every script of the font chain,
 * no glyph .notdef and every name read back as a reader's viewer reads it (pdf-scripts.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { jobs } from '../../lambdas/tasks/manifest';
import { photoJpeg } from '../support/photos';
import { generateDirectory, seedDirectory, type Names } from './church';
import { inFreshNode, type FreshNodeResult } from './fresh-node';
import { multiscriptMetrics } from './pdf-scripts';
import { round2, type BenchModule, type BenchSize, type Metric } from './metrics';
import { registerChurch, signInLocal, withLocalStack } from './stack';
import { bundleTask, taskProcessEnv } from './task-bundle';

const PASSWORD = 'bench-admin-1';
const ADMIN_EMAIL = 'pdf-admin@bench.example';

interface PdfSize {
  families: number;
  /** Pictures made (each family its own object, these pictures in turn). */
  distinctPhotos: number;
  withFloor: boolean;
  secondsBudget: number;
  peakMbBudget: number;
  fileMbBudget: number | null;
}

function pdfSize(size: BenchSize): PdfSize {
  const families = size === 'smoke' ? 10 : Number(process.env.BENCH_PDF_FAMILIES ?? 1000);
  const floor = size === 'full' ? process.env.BENCH_PDF_FLOOR : undefined;
  return {
    families,
    distinctPhotos: size === 'smoke' ? 2 : 8,
    // The floor runs too, up to this size or when asked.
    withFloor: floor ? floor === '1' : families <= 2000,
    // The budgets at 1,000 families; above, every invocation within half a Lambda's 60 s, and 1.5 GB.
    secondsBudget: families <= 1000 ? 6 : 30,
    peakMbBudget: families <= 1000 ? 300 : 1536,
    fileMbBudget: families <= 1000 ? 40 : null,
  };
}

/** Names in several scripts (Vietnamese, Greek, Cyrillic, Korean), so the PDF embeds several font subsets. */
const ANY_SCRIPT_NAMES: Names = {
  surnames: [
    'Adams',
    'Okafor',
    'Nguyễn',
    'Ødegård',
    'Παπαδόπουλος',
    '김',
    'García',
    'Johnson',
    'Williams',
    'Brown',
    'Müller',
    'Rossi',
    'Kowalski',
    'Haddad',
    'Mensah',
    'Silva',
    'Patel',
    'O’Brien',
    'Lindqvist',
    'Иванова',
    'Dubois',
    'Novak',
    'Hernández',
    'Campbell',
    'Baptiste',
    '이',
    'Chen',
    'Fernandes',
    'Walker',
    'Young',
  ],
  firstNames: [
    'Grace',
    'Daniel',
    'Maria',
    'James',
    'Văn An',
    'Samuel',
    'Ruth',
    'David',
    'Γιώργος',
    'John',
    '민수',
    'Peter',
    'Åse',
    'Paul',
  ],
};

/**
 * The floor: pure pdf-lib drawing the same pages (cover, the families spread evenly over the
 * same number of pages with their photos and texts, the index entries over the index pages)
 * with the standard Helvetica, photos read from local files beforehand.
 */
const FLOOR = `
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
const latin1 = (s) => (s ?? '').replace(/[^\\x20-\\x7e\\xa0-\\xff]/g, '?');
export async function benchMain(inputFile) {
  const input = JSON.parse(readFileSync(inputFile, 'utf8'));
  // Every family's photo bytes in memory first, one buffer each (as the handler holds them).
  const photos = input.families.map((f) => (f.photoFile ? readFileSync(f.photoFile) : null));
  const t0 = performance.now();
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [w, h] = [612, 792];
  const cover = doc.addPage([w, h]);
  cover.drawText(latin1(input.church), { x: 60, y: 500, size: 30, font: bold });
  const perPage = Math.ceil(input.families.length / input.familyPages);
  for (let p = 0; p < input.familyPages; p++) {
    const page = doc.addPage([w, h]);
    const slice = input.families.slice(p * perPage, (p + 1) * perPage);
    for (const [i, f] of slice.entries()) {
      const x = i % 2 ? 330 : 48;
      let y = h - 60 - Math.floor(i / 2) * (680 / Math.ceil(perPage / 2));
      const photo = photos[p * perPage + i];
      if (photo) page.drawImage(await doc.embedJpg(photo), { x, y: y - 78, width: 104, height: 78 });
      page.drawText(latin1(f.surname + ' Family'), { x: x + 114, y: y - 12, size: 12.5, font: bold });
      for (const line of f.lines) page.drawText(latin1(line), { x: x + 114, y: (y -= 12) - 12, size: 9, font });
      for (const m of f.members) page.drawText(latin1(m), { x: x + 12, y: (y -= 12) - 12, size: 9, font: bold });
    }
    page.drawText(String(p + 2), { x: w / 2, y: 30, size: 9, font });
  }
  const entries = input.families.flatMap((f) => f.members.map((m) => f.surname + ', ' + m));
  const perIndex = Math.ceil(entries.length / Math.max(1, input.indexPages));
  for (let p = 0; p < input.indexPages; p++) {
    const page = doc.addPage([w, h]);
    entries.slice(p * perIndex, (p + 1) * perIndex).forEach((e, i) => {
      page.drawText(latin1(e) + ' . . . . ' + (2 + (i % input.familyPages)), { x: i % 2 ? 330 : 48, y: h - 80 - Math.floor(i / 2) * 12.5, size: 9, font });
    });
  }
  const bytes = await doc.save();
  return { bytes: bytes.length, pages: doc.getPageCount(), renderMs: performance.now() - t0 };
}
`;

export const pdf: BenchModule = {
  name: 'pdf',
  async run({ root, tmpDir, log, size }) {
    const sized = pdfSize(size);
    const n = sized.families;
    // Bundles first: the job's task exactly as CDK ships it, and the floor with plain pdf-lib.
    const driver = await bundleTask(
      root,
      jobs.directoryBook.tasks.RenderFunctionArn,
      path.join(tmpDir, 'book-task'),
      'directoryBook-Render',
    );
    await writeFile(path.join(tmpDir, 'floor-src.mjs'), FLOOR);
    const floorFile = path.join(tmpDir, 'floor.mjs');
    await esbuild.build({
      entryPoints: [path.join(tmpDir, 'floor-src.mjs')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      minify: true,
      outfile: floorFile,
      absWorkingDir: root,
      nodePaths: [path.join(root, 'node_modules')],
      logLevel: 'error',
    });

    const t0 = performance.now();
    const pictures = Array.from({ length: sized.distinctPhotos }, (_, i) => photoJpeg(100 + i));
    const photoDir = path.join(tmpDir, 'photos');
    await mkdir(photoDir, { recursive: true });
    await Promise.all(pictures.map((p, i) => writeFile(path.join(photoDir, `${i}.jpg`), p)));
    const meanKb = pictures.reduce((n, p) => n + p.length, 0) / pictures.length / 1024;
    log(
      `made ${pictures.length} photos of 1200x900 (mean ${meanKb.toFixed(0)} KB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const scriptsDir = path.join(tmpDir, 'scripts');
    await mkdir(scriptsDir, { recursive: true });
    const multiscript = await multiscriptMetrics(root, scriptsDir, log);

    return withLocalStack(tmpDir, async (stack) => {
      const config = stack.config;
      const church = await seed(stack.url, stack.pool, config.tableName, pictures, n, log);
      const env = taskProcessEnv();

      const metrics: Metric[] = [...multiscript];

      // The book job: a run of the church's book claimed as startDirectoryBook claims it, then the
      // state machine run as Step Functions would, each task invocation in a fresh process.
      const jobId = `bench-${Date.now()}`;
      const { claimBook, getBook } = await import('../../lambdas/book/repos/book');
      const claimed = await claimBook(
        {
          orgId: church.orgId,
          jobId,
          paper: 'letter',
          photos: true,
          startedBy: ADMIN_EMAIL,
          now: new Date().toISOString(),
        },
        null,
      );
      if (!claimed) throw new Error('the church already had a book running');
      log(`making the book of ${n} families: the job's state machine, each invocation in a fresh process...`);
      const invocations = await runBookJob(driver, { orgId: church.orgId, jobId }, env, log);
      const book = await getBook(church.orgId);
      if (book?.status !== 'SUCCEEDED' || !book.fileKey) throw new Error(`the book ended ${JSON.stringify(book)}`);
      const plan = logLine<PlanLine>(invocations.find((i) => i.name === 'plan')!.logs, 'directory book planned');
      const slices = invocations.filter((i) => i.name.startsWith('read')).length;
      const joined = logLine<JoinLine>(invocations.at(-1)!.logs, 'directory PDF generated');
      if (joined.photos !== n) throw new Error(`only ${joined.photos} of ${n} photos were embedded`);
      if (book.pagesDone !== plan.pages.total) throw new Error(`progress ${book.pagesDone} of ${plan.pages.total}`);
      if (invocations.length !== slices + plan.parts + 2)
        throw new Error(`${invocations.length} invocations for ${slices} slices and ${plan.parts} parts`);
      await checkBookFile(book.fileKey, joined.bytes);
      const longest = invocations.reduce((a, b) => (b.ms > a.ms ? b : a));
      const largest = invocations.reduce((a, b) => (b.peakMb > a.peakMb ? b : a));
      const total = invocations.reduce((sum, i) => sum + i.ms, 0);
      log(
        `job: ${invocations.length} invocations, ${(total / 1000).toFixed(2)} s in all; longest ${longest.name} ${(longest.ms / 1000).toFixed(2)} s, largest peak ${largest.name} ${largest.peakMb.toFixed(0)} MB; ${plan.pages.total} pages in ${plan.parts} parts, ${(joined.bytes / 1048576).toFixed(1)} MB; plan split ${JSON.stringify(plan.ms)}`,
      );
      metrics.push(
        { name: `pdf.${n}.seconds`, value: round2(longest.ms / 1000), unit: 's', budget: sized.secondsBudget },
        { name: `pdf.${n}.peak_mb`, value: round2(largest.peakMb), unit: 'MB', budget: sized.peakMbBudget },
        { name: `pdf.${n}.job_seconds`, value: round2(total / 1000), unit: 's', budget: null },
        { name: `pdf.${n}.file_mb`, value: round2(joined.bytes / 1048576), unit: 'MB', budget: sized.fileMbBudget },
        { name: `pdf.${n}.pages`, value: plan.pages.total, unit: 'pages', budget: null },
        { name: `pdf.${n}.parts`, value: plan.parts, unit: 'parts', budget: null },
      );
      for (const invocation of invocations)
        metrics.push(
          { name: `pdf.${n}.${invocation.name}.seconds`, value: round2(invocation.ms / 1000), unit: 's', budget: null },
          { name: `pdf.${n}.${invocation.name}.peak_mb`, value: round2(invocation.peakMb), unit: 'MB', budget: null },
        );
      for (const [phase, ms] of Object.entries(plan.ms))
        metrics.push({ name: `pdf.${n}.plan_${phase}_seconds`, value: round2(ms / 1000), unit: 's', budget: null });
      if (!sized.withFloor) return metrics;

      const floorInput = path.join(tmpDir, 'floor-input.json');
      await writeFile(
        floorInput,
        JSON.stringify({
          church: 'Bench Community Church',
          familyPages: plan.pages.families,
          indexPages: plan.pages.index,
          families: church.families.map((f, i) => ({
            ...f,
            photoFile: path.join(photoDir, `${i % pictures.length}.jpg`),
          })),
        }),
      );
      log('drawing the same pages with pure pdf-lib (the floor)...');
      const floor = await inFreshNode<{ bytes: number; pages: number; renderMs: number }>(floorFile, floorInput, env);
      if (floor.result.pages !== plan.pages.total)
        throw new Error(`the floor drew ${floor.result.pages} pages, the book ${plan.pages.total}`);
      log(
        `floor: ${(floor.result.renderMs / 1000).toFixed(2)} s, peak ${floor.peakMb.toFixed(0)} MB, ${(floor.result.bytes / 1048576).toFixed(1)} MB`,
      );
      metrics.push(
        { name: `pdf.${n}.over_floor_ratio`, value: round2(total / floor.result.renderMs), unit: 'x', budget: null },
        { name: `pdf.${n}.floor_seconds`, value: round2(floor.result.renderMs / 1000), unit: 's', budget: null },
        { name: `pdf.${n}.floor_peak_mb`, value: round2(floor.peakMb), unit: 'MB', budget: null },
      );
      return metrics;
    });
  },
};

interface PlanLine {
  parts: number;
  pages: { total: number; families: number; index: number };
  ms: Record<string, number>;
}

interface JoinLine {
  bytes: number;
  photos: number;
}

/** A task's own figures: its log line of that message. */
function logLine<T>(logs: Record<string, unknown>[], message: string): T {
  const line = logs.find((l) => l.message === message) as T | undefined;
  if (!line) throw new Error(`no '${message}' log line`);
  return line;
}

/** One task invocation, as measured in its own process. */
interface Invocation extends FreshNodeResult<unknown> {
  /** read<k>, plan, part<k>, join or fail. */
  name: string;
}

/**
 * The book job's state machine (its ASL file, as lib/local/stepfunctions.ts runs it), every task
 * invocation the bundle's handler in a fresh process, one at a time (the Map starts five: they
 * wait their turn here, so each is timed on an otherwise idle machine). The invocations in order.
 */
async function runBookJob(
  driver: string,
  input: { orgId: string; jobId: string },
  env: NodeJS.ProcessEnv,
  log: (message: string) => void,
): Promise<Invocation[]> {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const { localDefinition } = await import('../../lib/local/stepfunctions');
  const { definition } = localDefinition('directoryBook', process.env.AWS_REGION ?? 'us-east-1');
  const invocations: Invocation[] = [];
  let turn: Promise<unknown> = Promise.resolve();
  const invoke = (taskInput: { step: string; part?: number; slice?: number }) => {
    const name =
      taskInput.step === 'part'
        ? `part${taskInput.part}`
        : taskInput.step === 'read'
          ? `read${taskInput.slice}`
          : taskInput.step;
    const run = turn.then(async () => {
      const result = await inFreshNode<unknown>(driver, JSON.stringify(taskInput), env).catch((error: unknown) => {
        // The process's own words (its stderr, its last log lines): Step Functions retries, the log says why.
        const { message, stdout } = error as { message?: string; stdout?: string };
        log(`  ${name} FAILED: ${String(message).slice(-2000)}\n${String(stdout ?? '').slice(-2000)}`);
        throw error;
      });
      invocations.push({ ...result, name });
      const split = result.logs.find((l) => l.ms && typeof l.ms === 'object')?.ms;
      log(
        `  ${name}: ${(result.ms / 1000).toFixed(2)} s, peak ${result.peakMb.toFixed(0)} MB, ${JSON.stringify(split)}`,
      );
      return result.result;
    });
    turn = run.catch(() => {});
    return run;
  };
  const machine = new StateMachine(definition as never);
  const execution = machine.run(input as never, {
    overrides: {
      taskResourceLocalHandlers: {
        ReadSlice: invoke,
        Plan: invoke,
        Part: invoke,
        Join: invoke,
        MarkFailed: invoke,
      } as never,
    },
  });
  await execution.result;
  if (invocations.some((i) => i.name === 'fail')) throw new Error('the book job ended through MarkFailed');
  return invocations;
}

/**
 * The stored book read where it lies, without downloading it: its end (startxref, the
 * cross-reference table, the trailer), then a sample of the objects the table lists, each read
 * at its offset and found there.
 */
async function checkBookFile(key: string, size: number): Promise<void> {
  const { GetObjectCommand, HeadObjectCommand } = await import('@aws-sdk/client-s3');
  const { s3 } = await import('../../lambdas/platform/aws/s3');
  const Bucket = process.env.EXPORTS_BUCKET!;
  const head = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
  if (head.ContentLength !== size) throw new Error(`stored book: ${head.ContentLength} bytes (joined ${size})`);
  const range = async (from: number, to: number) => {
    const answer = await s3.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${from}-${to}` }));
    return Buffer.from(await answer.Body!.transformToByteArray()).toString('latin1');
  };
  const end = await range(Math.max(0, size - 256), size - 1);
  const xrefAt = Number(/startxref\n(\d+)\n%%EOF$/.exec(end)?.[1]);
  if (!(xrefAt > 0)) throw new Error('the book does not end with startxref and %%EOF');
  const table = await range(xrefAt, size - 1);
  const count = Number(/^xref\n0 (\d+)\n/.exec(table)?.[1]);
  if (!(count > 0)) throw new Error('no cross-reference table at startxref');
  const entries = table.split('\n').slice(2, 2 + count);
  const used = entries.flatMap((line, number) => (line.endsWith(' n ') ? [[number, Number(line.slice(0, 10))]] : []));
  const sample = used.filter((_, i) => i % Math.max(1, Math.floor(used.length / 200)) === 0);
  for (const [number, offset] of sample) {
    const found = await range(offset!, offset! + 19);
    if (!found.startsWith(`${number} 0 obj\n`)) throw new Error(`object ${number} is not at ${offset}: ${found}`);
  }
}

interface SeededChurch {
  orgId: string;
  claims: Record<string, string>;
  /** What the floor draws: per family its surname, detail lines and member names. */
  families: { surname: string; lines: string[]; members: string[] }[];
}

async function seed(
  url: string,
  pool: { endpoint: string; clientId: string },
  table: string,
  pictures: Buffer[],
  familyCount: number,
  log: (message: string) => void,
): Promise<SeededChurch> {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  const { s3 } = await import('../../lambdas/platform/aws/s3');

  const orgId = await registerChurch(url, pool, 'Bench Community Church', { email: ADMIN_EMAIL, password: PASSWORD });
  const token = await signInLocal(pool, ADMIN_EMAIL, PASSWORD);
  // The claims API Gateway's JWT authorizer hands the Lambda: the token's payload, values as strings.
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const claims = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));

  const { families, members } = generateDirectory(orgId, familyCount, 20260005, {
    names: ANY_SCRIPT_NAMES,
    photoEvery: 1,
  });
  // Each picture's renditions made once, by the photo pipeline's own code; every family holding
  // the picture gets the same objects and its size, as the pipeline stores them.
  const t0 = performance.now();
  const { makeRenditions } = await import('../../lambdas/photos/photo-renditions');
  const { renditionKey } = await import('../../lambdas/photos/photo-keys');
  const made = await Promise.all(pictures.map((picture) => makeRenditions(picture)));
  families.forEach((family, index) => (family.photoSize = made[index % pictures.length]!.size));
  // The book reads a photo's print rendition only: the picture and its screen renditions are not
  // stored (s3rver takes some 10 ms an object; four objects a family were 80,000 at the maximum).
  const objects = families.map((family, index) => {
    const print = made[index % pictures.length]!.renditions.find((r) => r.name === 'print')!;
    return { key: renditionKey(family.photo!, 'print'), body: print.bytes, contentType: print.contentType };
  });
  log(`made the renditions of ${pictures.length} pictures in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = performance.now();
  // The table and the bucket side by side: each waits on a stand-in of its own.
  let next = 0;
  await Promise.all([
    seedDirectory(table, orgId, { families, members }),
    ...Array.from({ length: 8 }, async () => {
      while (next < objects.length) {
        const { key, body, contentType } = objects[next++]!;
        await s3.send(
          new PutObjectCommand({ Bucket: process.env.PHOTOS_BUCKET, Key: key, Body: body, ContentType: contentType }),
        );
      }
    }),
  ]);
  log(
    `seeded ${families.length} families, ${members.length} members and ${objects.length} print renditions in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );

  const byId = new Map<string, string[]>();
  for (const m of members) byId.set(m.familyId, [...(byId.get(m.familyId) ?? []), m.name]);
  return {
    orgId,
    claims,
    families: families.map((f) => ({
      surname: f.surname,
      lines: [
        f.street ?? '',
        `${f.city}, ${f.state} ${f.zipcode}`,
        `Phone: ${f.phone}`,
        f.anniversary ? `Anniversary: ${f.anniversary}` : '',
      ].filter(Boolean),
      members: byId.get(f.familyId) ?? [],
    })),
  };
}

/**
 * Bench module: the PDF directory (issue 5) of a generated church of 1,000 families (about 4,000
 * members, names in several scripts) with 1,000 photos of ~1200 px (the size the upload's resize
 * produces; eight distinct pictures, each family its own S3 object), against the real local
 * stack (dynoxide, s3rver, cognito-local; ports 4700-4703, test/bench/stack.ts).
 *
 *  - pdf.<n>.seconds / pdf.<n>.peak_mb / pdf.<n>.file_mb: the book as the Families page makes it,
 *    by the directoryBook state machine's Render task (lambdas/jobs/directoryBook/render.ts,
 *    bundled as CDK ships it, fonts beside it), invoked once in a fresh `node` process for a
 *    claimed run of the church's book, as Step Functions invokes it (one invocation makes the
 *    whole book; limits 60 s and 1.5 GB). It reads DynamoDB, reads the photos' print renditions
 *    from S3, renders and PUTs the PDF to the exports bucket. Seconds = the invocation's wall
 *    time; peak = that process's own peak resident set (VmHWM, fresh-node.ts), as Lambda counts
 *    memory: not getrusage's maxRSS, which in a child counts its parent's resident set (after
 *    the directory module had grown the bench to ~800 MB, the book read ~800 MB whatever it used).
 *    Supporting: the task's own split (read, photos, render, write) from its log line.
 *  - pdf.<n>.over_floor_ratio: those seconds over the floor's: the same pages (same count, the
 *    same photos embedded, the same texts) drawn with pure pdf-lib and its standard Helvetica,
 *    from photos already in memory (no DynamoDB, no S3, no layout, no Unicode fonts), also in a
 *    fresh process, timed from the first pdf-lib call to the saved bytes; with the floor's
 *    seconds and peak.
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
import { copyFilesToShip, lambdaBuildOptions } from '../../lib/bundling';
import { jobs } from '../../lambdas/tasks/manifest';
import { photoJpeg } from '../support/photos';
import { generateDirectory, seedDirectory, type Names } from './church';
import { inFreshNode } from './fresh-node';
import { multiscriptMetrics } from './pdf-scripts';
import { round2, type BenchModule, type BenchSize, type Metric } from './metrics';
import { registerChurch, signInLocal, withLocalStack } from './stack';

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
    // The budgets at 1,000 families; a larger church's book must stay inside one Lambda invocation (60 s, 1.5 GB).
    secondsBudget: families <= 1000 ? 6 : 60,
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

/** The job task bundle's driver: one invocation with the state machine's input, as Step Functions makes it. */
const TASK_DRIVER = `
import { handler } from './index.mjs';
export async function benchMain(inputJson) {
  return handler(JSON.parse(inputJson), { awsRequestId: 'bench', functionName: 'directoryBook-Render', getRemainingTimeInMillis: () => 290000 });
}
`;

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
    const taskDir = path.join(tmpDir, 'book-task');
    const task = jobs.directoryBook.tasks.RenderFunctionArn;
    await esbuild.build(
      lambdaBuildOptions(
        root,
        path.join(root, 'lambdas', 'tasks', `${task.entry}.ts`),
        path.join(taskDir, 'index.mjs'),
      ),
    );
    copyFilesToShip(root, task, taskDir);
    await writeFile(path.join(taskDir, 'driver.mjs'), TASK_DRIVER);
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
      // The handler runs as a Lambda instance that serves one invocation at a time: without the
      // concurrency the local gateway sets in this process (lib/local/invocation.ts), for which
      // Powertools would look for an InvokeStore the child has not made.
      const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
      delete env.AWS_LAMBDA_MAX_CONCURRENCY;

      const metrics: Metric[] = [...multiscript];

      // The book job: a run of the church's book claimed as startDirectoryBook claims it, then its
      // Render task invoked once, as Step Functions would.
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
      log(`making the book of ${n} families in the job task bundle (one invocation)...`);
      const job = await inFreshNode<{ pages: number }>(
        path.join(taskDir, 'driver.mjs'),
        JSON.stringify({ orgId: church.orgId, jobId }),
        env,
      );
      const book = await getBook(church.orgId);
      if (book?.status !== 'SUCCEEDED' || !book.fileKey) throw new Error(`the book ended ${JSON.stringify(book)}`);
      const jobLine = generatedLine(job.logs);
      if (jobLine.photos !== n) throw new Error(`only ${jobLine.photos} of ${n} photos were fetched`);
      if (book.pagesDone !== jobLine.pages.total)
        throw new Error(`progress ${book.pagesDone} of ${jobLine.pages.total}`);
      const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
      const { s3 } = await import('../../lambdas/platform/aws/s3');
      const head = await s3.send(new HeadObjectCommand({ Bucket: process.env.EXPORTS_BUCKET, Key: book.fileKey }));
      if (head.ContentLength !== jobLine.bytes)
        throw new Error(`stored book: ${head.ContentLength} bytes (rendered ${jobLine.bytes})`);
      log(
        `job: ${(job.ms / 1000).toFixed(2)} s, peak ${job.peakMb.toFixed(0)} MB (getrusage maxRSS ${job.maxRssMb.toFixed(0)} MB, the parent's counted), ${jobLine.pages.total} pages, ${(jobLine.bytes / 1048576).toFixed(1)} MB; split ${JSON.stringify(jobLine.ms)}`,
      );
      metrics.push(
        { name: `pdf.${n}.seconds`, value: round2(job.ms / 1000), unit: 's', budget: sized.secondsBudget },
        { name: `pdf.${n}.peak_mb`, value: round2(job.peakMb), unit: 'MB', budget: sized.peakMbBudget },
        { name: `pdf.${n}.file_mb`, value: round2(jobLine.bytes / 1048576), unit: 'MB', budget: sized.fileMbBudget },
        { name: `pdf.${n}.pages`, value: jobLine.pages.total, unit: 'pages', budget: null },
      );
      for (const [phase, ms] of Object.entries(jobLine.ms))
        metrics.push({ name: `pdf.${n}.${phase}_seconds`, value: round2(ms / 1000), unit: 's', budget: null });
      if (!sized.withFloor) return metrics;

      const floorInput = path.join(tmpDir, 'floor-input.json');
      await writeFile(
        floorInput,
        JSON.stringify({
          church: 'Bench Community Church',
          familyPages: jobLine.pages.families,
          indexPages: jobLine.pages.index,
          families: church.families.map((f, i) => ({
            ...f,
            photoFile: path.join(photoDir, `${i % pictures.length}.jpg`),
          })),
        }),
      );
      log('drawing the same pages with pure pdf-lib (the floor)...');
      const floor = await inFreshNode<{ bytes: number; pages: number; renderMs: number }>(floorFile, floorInput, env);
      if (floor.result.pages !== jobLine.pages.total)
        throw new Error(`the floor drew ${floor.result.pages} pages, the book ${jobLine.pages.total}`);
      log(
        `floor: ${(floor.result.renderMs / 1000).toFixed(2)} s, peak ${floor.peakMb.toFixed(0)} MB, ${(floor.result.bytes / 1048576).toFixed(1)} MB`,
      );
      metrics.push(
        { name: `pdf.${n}.over_floor_ratio`, value: round2(job.ms / floor.result.renderMs), unit: 'x', budget: null },
        { name: `pdf.${n}.floor_seconds`, value: round2(floor.result.renderMs / 1000), unit: 's', budget: null },
        { name: `pdf.${n}.floor_peak_mb`, value: round2(floor.peakMb), unit: 'MB', budget: null },
      );
      return metrics;
    });
  },
};

interface GeneratedLine {
  bytes: number;
  photos: number;
  pages: { total: number; families: number; index: number };
  ms: Record<string, number>;
}

/** The task's own figures: its 'directory PDF generated' log line. */
function generatedLine(logs: Record<string, unknown>[]): GeneratedLine {
  const line = logs.find((l) => l.message === 'directory PDF generated') as GeneratedLine | undefined;
  if (!line) throw new Error('the task did not log its figures');
  return line;
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
  const photos = families.map((f, index) => ({ key: f.photo!, body: pictures[index % pictures.length]! }));
  const t0 = performance.now();
  await seedDirectory(table, orgId, { families, members });
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < photos.length) {
        const { key, body } = photos[next++]!;
        await s3.send(
          new PutObjectCommand({ Bucket: process.env.PHOTOS_BUCKET, Key: key, Body: body, ContentType: 'image/jpeg' }),
        );
      }
    }),
  );
  log(
    `seeded ${families.length} families, ${members.length} members and ${photos.length} photo objects in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  // Their renditions, as the photo pipeline makes them for every saved photo (here by the one-off
  // job, as for photos stored before renditions): the book embeds the print rendition.
  const t1 = performance.now();
  const { startExecution } = await import('../../lambdas/platform/aws/sfn');
  await startExecution(process.env.PHOTO_RENDITIONS_STATE_MACHINE_ARN!, `bench-${Date.now()}`, {});
  // Ten thousand photos take longer than one request may wait (undici gives up after 300 s): ask again.
  for (let settled = false; !settled;) {
    try {
      settled = (await fetch(`${url}/_local/settled`)).ok;
    } catch (error) {
      log(`still making renditions (${String(error)})`);
    }
  }
  log(`made their renditions in ${((performance.now() - t1) / 1000).toFixed(1)} s`);

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

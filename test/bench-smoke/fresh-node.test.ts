/**
 * The PDF bench's peak memory is the book's own (test/bench/fresh-node.ts): a child that holds
 * little reads little even when the bench process that starts it holds a lot (as it does after
 * the directory module), and a child that holds a lot reads that.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inFreshNode } from '../bench/fresh-node';

const MB = 1024 * 1024;
/** What the parent holds resident while its children run. */
const PARENT_MB = 600;
const CHILD_MB = 300;

describe("a fresh node's peak memory", () => {
  let dir: string;
  let child: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fresh-node-'));
    child = path.join(dir, 'child.mjs');
    // Holds `mb` MB resident (written, so the pages are real) until it answers.
    await writeFile(
      child,
      'export async function benchMain(mb) { return Buffer.alloc(Number(mb) * 1048576, 1).length; }',
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is the child’s own, not its parent’s', async () => {
    const ballast = Buffer.alloc(PARENT_MB * MB, 1);
    expect(process.memoryUsage().rss / MB).toBeGreaterThan(PARENT_MB);
    const idle = await inFreshNode<number>(child, '0', process.env);
    const busy = await inFreshNode<number>(child, String(CHILD_MB), process.env);
    expect(ballast.length).toBe(PARENT_MB * MB); // held until both children are done

    expect(idle.peakMb).toBeLessThan(150);
    expect(busy.peakMb).toBeGreaterThan(CHILD_MB);
    expect(busy.peakMb).toBeLessThan(CHILD_MB + 150);
    // What the bench read before: getrusage's maxRSS, which on Linux starts at the parent's resident set.
    if (process.platform === 'linux') expect(idle.maxRssMb).toBeGreaterThan(PARENT_MB);
  });
});

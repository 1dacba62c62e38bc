/**
 * A TypeScript file run as a child process through tsx's loader, whoever runs the parent (tsx
 * under `npm run bench`, vitest's main process or a worker, whose own flags are not for the child),
 * with an IPC channel for its answers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export function forkTs(file: string, args: string[] = []): ChildProcess {
  return fork(file, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--import', tsx] });
}

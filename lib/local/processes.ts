/** Child processes of the local stack: started with a clear error when a port is taken, stopped together. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import { pathToFileURL } from 'node:url';

const children = new Set<ChildProcess>();
// However this process ends (a crash included), it takes its stand-ins with it.
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/** Node arguments that run a TypeScript file in a child process, wherever its working directory is. */
export const TSX_IMPORT = ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];

export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use. Stop what uses it, or start on other ports with LOCAL_PORT=<base> npm start.`
            : `Port ${port} (${what}): ${error.message}`,
        ),
      );
    });
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export async function waitForPort(port: number, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start listening on port ${port} within ${timeoutMs / 1000} s.`);
}

export function startChild(
  what: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; verbose: boolean },
) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', options.verbose ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    if (options.verbose) process.stderr.write(chunk);
  });
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (code && !stopping) console.error(`${what} exited with code ${code}${signal ? ` (${signal})` : ''}.\n${stderr}`);
  });
  children.add(child);
  return child;
}

let stopping = false;

export async function stopChildren(): Promise<void> {
  stopping = true;
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 3000).unref();
        }),
    ),
  );
  stopping = false;
}

/** Minimal types for the local stand-ins that ship none. */
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory?: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    /** Object events (PUT, POST, COPY, DELETE) in S3's notification format. */
    on(event: 'event', listener: (event: { Records: unknown[] }) => void): this;
    close(): Promise<void>;
    /** It is a Koa application: its middleware, composed when it starts. */
    middleware: ((ctx: S3rverContext, next: () => Promise<unknown>) => Promise<unknown>)[];
  }
  /** What of Koa's context the local multipart rules and the door use (lib/local/s3-host.ts, s3-door.ts). */
  export interface S3rverContext {
    method: string;
    path: string;
    /** The path and query exactly as sent. */
    originalUrl: string;
    headers: Record<string, string | string[] | undefined>;
    query: Record<string, string | string[] | undefined>;
    get(header: string): string;
    status: number;
    type: string;
    body: unknown;
  }
}

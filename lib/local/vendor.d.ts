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
  }
}

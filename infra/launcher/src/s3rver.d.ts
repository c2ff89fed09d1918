// s3rver 3.7.1 ships no type declarations: the part of its API that local-s3.ts uses.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverBucket {
    name: string;
    /** Raw XML documents: CORSConfiguration or WebsiteConfiguration. */
    configs?: (string | Buffer)[];
  }

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: S3rverBucket[];
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    /** Creates the configured buckets (and applies their configs); run() does this before listening. */
    configureBuckets(): Promise<void>;
    /** Serves on a new HTTP server with these http.Server#listen arguments (a Unix socket's path, say). */
    listen(path: string): Promise<Server>;
    close(): Promise<void>;
    reset(): void;
  }

  export = S3rver;
}

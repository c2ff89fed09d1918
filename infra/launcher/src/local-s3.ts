import { mkdir } from 'node:fs/promises';
import S3rver from 's3rver';

export interface LocalS3Options {
  /** Buckets and objects are plain files under this directory, kept across restarts. */
  dataDir: string;
  /** 0 picks a free port; the real one is in the returned endpoint. */
  port: number;
  /** Created when missing, each open to cross-origin uploads from the web app. */
  buckets: string[];
}

export interface RunningS3 {
  /** Path-style endpoint, e.g. http://127.0.0.1:4568 (clients need forcePathStyle: true). */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  close(): Promise<void>;
}

// s3rver knows one account only, and checks the key id of a signed request against it.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';
const HOST = '127.0.0.1';

/** Browsers upload straight to presigned URLs, from another origin than the S3 endpoint. */
const CORS_FOR_BROWSER_UPLOADS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startLocalS3({ dataDir, port, buckets }: LocalS3Options): Promise<RunningS3> {
  await mkdir(dataDir, { recursive: true });
  const server = new S3rver({
    address: HOST,
    port,
    directory: dataDir,
    silent: true,
    // Otherwise a request to any host name other than an IP or localhost is read as <bucket>.<host>.
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name, configs: [CORS_FOR_BROWSER_UPLOADS] })),
  });
  const address = await server.run();
  return {
    endpoint: `http://${HOST}:${address.port}`,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    region: REGION,
    // Keep-alive sockets of clients would hold the server open until they time out.
    close: async () => {
      const closing = server.close();
      (
        server as unknown as { httpServer?: { closeAllConnections(): void } }
      ).httpServer?.closeAllConnections();
      await closing;
    },
  };
}

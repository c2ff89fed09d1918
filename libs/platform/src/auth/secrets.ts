import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a session cookie, an emailed link, an API key or an OAuth token: URL-safe text. */
export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** What the tables keep instead of a secret: its SHA-256, so a copy of a table opens nothing. */
export const hashSecret = (secret: string): Buffer => createHash('sha256').update(secret).digest();

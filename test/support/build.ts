import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * The workspaces built as `npm run build` builds them (infra/tools/build.js): again only when their sources changed,
 * and a Jest worker that asks while the other builds waits for it and finds the build done.
 */
export async function built(workspaces: string[]): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'infra', 'tools', 'build.js'), ...workspaces],
    {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

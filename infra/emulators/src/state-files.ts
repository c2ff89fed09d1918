import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Vendor, VendorState } from './vendor';

/** Bumped when what a file holds changes shape; a file of another format is refused, never half-read. */
const FORMAT = 1;

interface StateFile {
  format: number;
  vendor: string;
  state: unknown;
}

/**
 * Each stateful vendor's memory in a file of its own under `dir` (`<vendor>.state`), so a restarted emulator is the
 * vendor it was: the customers, cards, subscriptions and tokens the platform's rows point at are still there. A save
 * is written to a temporary file and renamed over the last one, so a process killed mid-write (kill -9) leaves the
 * previous state whole; saves happen before the answer leaves, so nothing a caller was told is lost. (A power cut
 * may still lose what the operating system had not written out: this is a development stand-in, not a database.)
 */
export class StateFiles {
  /** What each vendor's file holds now, to skip writing what did not change. */
  private readonly written = new Map<string, Buffer>();

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** Gives each vendor what its file holds, if it has one; a file that cannot be read stops the start. */
  restore(vendors: readonly Vendor[]): void {
    for (const vendor of vendors) {
      if (!vendor.state) continue;
      let bytes: Buffer;
      try {
        bytes = readFileSync(this.fileOf(vendor));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      vendor.state.load(this.decode(vendor, bytes));
      this.written.set(vendor.name, bytes);
    }
  }

  /** Writes the vendor's state if it changed since the last write. */
  save(vendor: Vendor & { state: VendorState }): void {
    const file: StateFile = { format: FORMAT, vendor: vendor.name, state: vendor.state.save() };
    const bytes = serialize(file);
    if (this.written.get(vendor.name)?.equals(bytes)) return;
    const target = this.fileOf(vendor);
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes, { mode: 0o600 });
    renameSync(temporary, target);
    this.written.set(vendor.name, bytes);
  }

  private decode(vendor: Vendor, bytes: Buffer): unknown {
    const unreadable = (why: string) =>
      new Error(
        `The ${vendor.name} emulator's saved state in ${this.fileOf(vendor)} cannot be read (${why}). ` +
          'Move the file away to start that vendor empty (records of the platform that point at it will not be found).',
      );
    let file: Partial<StateFile>;
    try {
      file = deserialize(bytes) as Partial<StateFile>;
    } catch (error) {
      throw unreadable(error instanceof Error ? error.message : String(error));
    }
    if (file?.format !== FORMAT || file.vendor !== vendor.name) {
      throw unreadable(`format ${String(file?.format)} of ${String(file?.vendor)}, expected ${FORMAT}`);
    }
    return file.state;
  }

  private fileOf(vendor: Vendor): string {
    return path.join(this.dir, `${vendor.name}.state`);
  }
}

/**
 * What is compiled from a vPIC file, kept as a binary snapshot (v8 serialization) in a cache folder beside the
 * data and keyed by the file's path, size and mtime, the snapshot's name and what else it depends on. Every
 * process that starts reads the snapshot instead of compiling again: reading the tables out of SQLite and building
 * the catalog were most of a server process's start-up (about 1.6 s of 4 s on a 2-core machine), and each server
 * process, job runner and CLI command starts that way.
 *
 * A snapshot that cannot be read or written is ignored: it only saves time. Deserialized objects belong to the main
 * realm (under Jest, not the test's), so a check of what came back must not use `instanceof`.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DefaultDeserializer, serialize } from "node:v8";

export interface SnapshotSpec<T> {
  /** The vPIC file the value is compiled from. */
  file: string;
  /** The folder of snapshots; without one the value is always compiled. */
  cacheDir: string | undefined;
  /** What the snapshot holds, in its file name: "vpic-tables", "vpic-catalog". */
  name: string;
  /** Everything besides the file the value depends on (a layout version, a year): another value, another file. */
  dependsOn: string;
  /** True when what was read back has the expected shape. */
  usable: (value: unknown) => boolean;
  compile: () => T;
}

export function snapshotted<T>(spec: SnapshotSpec<T>): { value: T; fromSnapshot: boolean } {
  if (!spec.cacheDir) return { value: spec.compile(), fromSnapshot: false };
  const snapshot = snapshotPath(spec, spec.cacheDir);
  try {
    const value: unknown = deserializeDetached(readFileSync(snapshot));
    if (spec.usable(value)) return { value: value as T, fromSnapshot: true };
  } catch {
    // No snapshot yet (or an unreadable one): compile.
  }
  const value = spec.compile();
  write(snapshot, spec.cacheDir, spec.name, value);
  return { value, fromSnapshot: false };
}

/**
 * Compiles and writes the snapshot unless its file is there, without reading it back (what an install or a start
 * does ahead of the processes that will read it). One that is there but unusable is compiled again by the first
 * process that reads it.
 */
export function ensureSnapshot<T>(spec: SnapshotSpec<T> & { cacheDir: string }): void {
  const snapshot = snapshotPath(spec, spec.cacheDir);
  if (!existsSync(snapshot)) write(snapshot, spec.cacheDir, spec.name, spec.compile());
}

function snapshotPath(spec: SnapshotSpec<unknown>, cacheDir: string): string {
  const stat = statSync(spec.file);
  const signature = createHash("sha256")
    .update(`${path.resolve(spec.file)}|${stat.size}|${stat.mtimeMs}|${spec.dependsOn}`)
    .digest("hex")
    .slice(0, 24);
  return path.join(cacheDir, `${spec.name}-${signature}.bin`);
}

function write(snapshot: string, cacheDir: string, name: string, value: unknown): void {
  try {
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed: processes starting together each write whole files, and none reads a part.
    const partial = `${snapshot}.${process.pid}.partial`;
    writeFileSync(partial, serialize(value));
    renameSync(partial, snapshot);
    removeOldSnapshots(cacheDir, name);
  } catch {
    // A read-only data folder only costs start-up time.
  }
}

/** A snapshot of another file older than this is of a file no longer served (vPIC is refreshed monthly). */
const KEEP_MS = 40 * 24 * 3600 * 1000;

/**
 * Snapshots of `name` for files replaced long ago, and those of the layout before (`vpic-patterns-`), so the folder
 * does not grow by a snapshot per vPIC file. One still in use that goes is only written again.
 */
function removeOldSnapshots(cacheDir: string, name: string): void {
  const now = Date.now();
  for (const entry of readdirSync(cacheDir)) {
    if (!entry.startsWith(`${name}-`) && !entry.startsWith("vpic-patterns-")) continue;
    const file = path.join(cacheDir, entry);
    if (entry.startsWith("vpic-patterns-") || now - statSync(file).mtimeMs > KEEP_MS) rmSync(file, { force: true });
  }
}

/**
 * Node.js's deserializer gives typed arrays back as views onto the buffer it read, which would keep the whole
 * file (32 MB for the tables) alive beside the objects made from it; each is copied out instead, so the buffer goes.
 */
class DetachingDeserializer extends DefaultDeserializer {
  _readHostObject(): unknown {
    const view = (DefaultDeserializer.prototype as unknown as { _readHostObject(): unknown })._readHostObject.call(
      this,
    );
    // (A DataView has no slice; none is written here.)
    return ArrayBuffer.isView(view) && "slice" in view ? (view as Uint8Array).slice() : view;
  }
}

function deserializeDetached(buffer: Buffer): unknown {
  const deserializer = new DetachingDeserializer(buffer);
  deserializer.readHeader();
  return deserializer.readValue();
}

/** True for a Map from any realm (see above). */
export const isMap = (value: unknown): value is Map<unknown, unknown> =>
  Object.prototype.toString.call(value) === "[object Map]";

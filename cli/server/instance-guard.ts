/**
 * What `npm start` checks before it touches anything: a second start on a port in use, or on a
 * SQLite file a running instance holds, exits at once with one line saying which. Without these checks the
 * second start ran migrations against the held file and died after 10 s with Prisma's
 * `WASM_ERROR: unknown variant SocketTimeout` stack.
 *
 * The SQLite claim is a file beside the database (`<db>.instance`) holding the primary's pid and port; a
 * claim whose pid is no longer running is stale and taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import net from "node:net";

export class StartRefused extends Error {}

/** Resolves when nothing listens on `port` (at `host`, HOST); StartRefused when something does. */
export function ensurePortFree(port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") {
        reject(
          new StartRefused(
            `port ${port} is in use (EADDRINUSE): another server listens there; stop it or set PORT to a free port`,
          ),
        );
      } else if (error.code === "EACCES") {
        reject(
          new StartRefused(`port ${port} needs privileges this user lacks (EACCES); set PORT to a port above 1024`),
        );
      } else if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND" || error.code === "EAI_AGAIN") {
        reject(
          new StartRefused(
            `HOST=${host} is not an address of this machine (${error.code}); unset HOST to listen on every interface`,
          ),
        );
      } else reject(error);
    });
    // Bound as next start will bind (every interface unless HOST names one), so a listener in its way is found.
    if (host === undefined) probe.listen(port, () => probe.close(() => resolve()));
    else probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims the SQLite file `dbFile` for this process (until it exits). StartRefused when a running instance
 * holds it.
 */
export function claimSqliteFile(dbFile: string, port: number): () => void {
  const claim = `${dbFile}.instance`;
  // The claim is the first thing written beside the database: a DATA_DIR (or a `file:` path's folder) that does not
  // exist yet is made here, as the database itself would be.
  const folder = path.dirname(dbFile);
  const unwritable = (error: unknown) =>
    new StartRefused(
      `the database's folder ${folder} cannot be written (${(error as NodeJS.ErrnoException).code ?? error}); set DATA_DIR or DATABASE_URL to a writable place`,
    );
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw unwritable(error);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(claim, "wx");
    } catch (error) {
      // Only an existing claim is another instance's; anything else (no permission, a read-only disk) is said so.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw unwritable(error);
      let holder: { pid?: number; port?: number } = {};
      try {
        holder = JSON.parse(readFileSync(claim, "utf8"));
      } catch {
        /* half-written or unreadable: treated as stale below */
      }
      if (holder.pid && holder.pid !== process.pid && alive(holder.pid)) {
        throw new StartRefused(
          `the database ${dbFile} is in use by a running vinscope instance (pid ${holder.pid}, port ${holder.port}); stop it, or set DATABASE_URL to another file`,
        );
      }
      rmSync(claim, { force: true });
      continue;
    }
    writeSync(fd, JSON.stringify({ pid: process.pid, port }));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      try {
        if (JSON.parse(readFileSync(claim, "utf8")).pid === process.pid) rmSync(claim, { force: true });
      } catch {
        /* already gone */
      }
    };
    process.once("exit", release);
    return release;
  }
  throw new StartRefused(`could not claim the database ${dbFile} (its ${claim} file keeps changing)`);
}

/**
 * The dealer usage counts a kill -9 must not lose. A dealer call is counted in this process's tally and reaches
 * the database through the write-behind queue (lib/dealers/usage-tally.ts), a few milliseconds later, or later
 * still when the database is busy or down. What the queue holds when the process is killed outright is gone with
 * it; for usage that is a dealer's billed calls. So each counted call is also appended to this process's journal
 * file before the call is answered: a write(2) the kernel keeps whatever becomes of the process (only a power cut
 * can lose the last lines, which the kernel had not yet flushed).
 *
 * - One file per process, `DATA_DIR/usage-journal/<database>/<host>-<pid>-<start>.jsonl`, one line per counted call,
 *   numbered; when a tally's write commits, a line says which calls of that key and day it carried.
 * - Emptied whenever every call in it has been written, so it stays a few lines long. A process that stops
 *   (SIGTERM too: a server process does not wait for its queue) leaves it for the next start.
 * - On start, a server process replays the files of processes on this host that are gone: each key and day's
 *   calls not yet marked written are added to the database, then the file is removed. A rename claims a file,
 *   so two processes starting together do not both replay it. A crash in the microseconds between a write's
 *   commit and its mark counts that write twice on replay, never loses it.
 * - A journal that cannot be written (a read-only DATA_DIR) is logged once and left off: the queue still writes.
 */
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { config } from "../config";
import { databaseFault } from "../db/faults";
import { processGone } from "../db/process-gone";
import { log } from "../log";
import type { UsageCounts } from "./keys";

/** One counted call, or a mark that a tally's write carried its key and day's calls up to `through`. */
type JournalLine =
  { seq: number; keyId: string; day: string; counts: UsageCounts } | { written: string; through: number };

const tallyId = (keyId: string, day: string) => `${keyId}|${day}`;

export class UsageJournal {
  private fd: number | null = null;
  private failed = false;
  private seq = 0;
  /** Per key and day, the newest call not yet marked written. */
  private readonly unwritten = new Map<string, number>();
  readonly file: string;

  constructor(
    private readonly dir: string,
    owner = { host: hostname(), pid: process.pid },
  ) {
    this.file = path.join(dir, `${owner.host}-${owner.pid}-${Date.now()}.jsonl`);
  }

  /** Journals one counted call; returns its number (0 when the journal is off). */
  counted(keyId: string, day: string, counts: UsageCounts): number {
    const seq = ++this.seq;
    if (!this.append({ seq, keyId, day, counts })) return 0;
    this.unwritten.set(tallyId(keyId, day), seq);
    return seq;
  }

  /** Marks the key and day's calls up to `through` as in the database; empties the file when nothing is left. */
  written(keyId: string, day: string, through: number): void {
    if (through === 0 || this.fd === null) return;
    const id = tallyId(keyId, day);
    this.append({ written: id, through });
    if ((this.unwritten.get(id) ?? 0) <= through) this.unwritten.delete(id);
    if (this.unwritten.size === 0) this.empty();
  }

  private append(line: JournalLine): boolean {
    if (this.failed) return false;
    try {
      if (this.fd === null) {
        mkdirSync(this.dir, { recursive: true });
        this.fd = openSync(this.file, "a");
        // A process that exits with every call written leaves nothing behind (a kill leaves the file to replay).
        process.once("exit", () => {
          if (this.unwritten.size === 0) rmSync(this.file, { force: true });
        });
      }
      writeSync(this.fd, JSON.stringify(line) + "\n");
      return true;
    } catch (error) {
      this.failed = true;
      log().warn(
        { err: error, file: this.file },
        "the dealer usage journal cannot be written; a kill -9 may lose the usage counted in its last moments",
      );
      return false;
    }
  }

  /** Every call in the file is written: start it again (writes in append mode go to the new end). */
  private empty(): void {
    try {
      // ftruncate through a second descriptor would race nothing here: this process is the file's only writer.
      closeSync(this.fd!);
      this.fd = openSync(this.file, "w");
    } catch (error) {
      this.failed = true;
      log().warn({ err: error, file: this.file }, "the dealer usage journal could not be emptied; it is left off");
    }
  }
}

/**
 * Journals are kept per database (a hash of its URL, which may hold a password): a start replays only what was
 * counted against the database it serves, even where several instances or test apps share one DATA_DIR.
 */
const usageJournalDir = () =>
  path.join(
    config().dataDir,
    "usage-journal",
    createHash("sha256").update(config().database.url).digest("hex").slice(0, 16),
  );

const globalForJournal = globalThis as unknown as { __vinscopeUsageJournal?: UsageJournal };

/** This process's journal (one per process, however many copies of this module the server bundles hold). */
export function usageJournal(): UsageJournal {
  return (globalForJournal.__vinscopeUsageJournal ??= new UsageJournal(usageJournalDir()));
}

/** What a journal file holds that is not in the database: per key and day, the calls after its last mark. */
function unwrittenCounts(text: string): Map<string, { keyId: string; day: string; counts: UsageCounts; seq: number }> {
  const lines: JournalLine[] = [];
  for (const raw of text.split("\n")) {
    if (!raw) continue;
    try {
      lines.push(JSON.parse(raw) as JournalLine);
    } catch {
      // A line cut short by the kill: the call it began was not answered.
    }
  }
  const marked = new Map<string, number>();
  for (const line of lines)
    if ("written" in line) marked.set(line.written, Math.max(line.through, marked.get(line.written) ?? 0));
  const left = new Map<string, { keyId: string; day: string; counts: UsageCounts; seq: number }>();
  for (const line of lines) {
    if ("written" in line) continue;
    const id = tallyId(line.keyId, line.day);
    if (line.seq <= (marked.get(id) ?? 0)) continue;
    const sum = left.get(id) ?? { keyId: line.keyId, day: line.day, counts: zeroCounts(), seq: 0 };
    for (const k of Object.keys(sum.counts) as (keyof UsageCounts)[]) sum.counts[k] += line.counts[k] ?? 0;
    sum.seq = Math.max(sum.seq, line.seq);
    left.set(id, sum);
  }
  return left;
}

const zeroCounts = (): UsageCounts => ({ requests: 0, vins: 0, stickers: 0, provisions: 0 });

/** `<host>-<pid>-<start>.jsonl`, or that name claimed for replay: `….replaying-<host>-<pid>`. */
const JOURNAL_NAME = /^(.+)-(\d+)-\d+\.jsonl(?:\.replaying-(.+)-(\d+))?$/;

/**
 * Adds to the database the usage that processes of this host killed outright had counted and not yet written,
 * and removes their journals. Returns the calls replayed. `record` writes one key and day's counts (recordUsage).
 */
export async function replayUsageJournals(
  record: (keyId: string, counts: UsageCounts, day: Date) => Promise<unknown>,
  dir = usageJournalDir(),
): Promise<number> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let replayed = 0;
  for (const name of names) {
    const m = JOURNAL_NAME.exec(name);
    if (!m) continue;
    // A journal of a live process, or one being replayed by a live process, is not ours to touch.
    const [, host, pid, claimHost, claimPid] = m;
    if (!processGone(host, Number(pid))) continue;
    if (claimHost !== undefined && !processGone(claimHost, Number(claimPid))) continue;
    const base = name.replace(/\.replaying-.*$/, "");
    const claimed = path.join(dir, `${base}.replaying-${hostname()}-${process.pid}`);
    try {
      renameSync(path.join(dir, name), claimed);
    } catch {
      continue; // another process claimed it first
    }
    // Replayed like a live process's tallies: each key and day's write is marked in the claimed file, so a crash
    // here and a second replay add only what was not yet added.
    const journal = new ClaimedJournal(claimed);
    let done = true;
    for (const left of unwrittenCounts(readFileSync(claimed, "utf8")).values()) {
      try {
        await record(left.keyId, left.counts, new Date(`${left.day}T12:00:00Z`));
        replayed += left.counts.requests;
      } catch (error) {
        if (databaseFault(error)) {
          // The database cannot take it now: the file goes back for the next start to replay.
          log().warn({ err: error, file: base }, "dealer usage journal not replayed: the database cannot take writes");
          done = false;
          break;
        }
        // The key is gone (deleted with its usage): nothing to add it to.
        log().warn({ err: error, keyId: left.keyId }, "dealer usage journal: a key's usage could not be replayed");
      }
      journal.mark(tallyId(left.keyId, left.day), left.seq);
    }
    journal.close();
    if (done) rmSync(claimed, { force: true });
    else renameSync(claimed, path.join(dir, base));
  }
  if (replayed > 0)
    log().info({ calls: replayed }, "dealer usage of processes killed outright replayed from their journals");
  return replayed;
}

class ClaimedJournal {
  private readonly fd: number;
  constructor(file: string) {
    this.fd = openSync(file, "a");
  }
  mark(id: string, through: number): void {
    writeSync(this.fd, JSON.stringify({ written: id, through } satisfies JournalLine) + "\n");
  }
  close(): void {
    closeSync(this.fd);
  }
}

/**
 * Streams a file from a URL to disk with a conditional GET: with the ETag / Last-Modified of the copy we have,
 * an unchanged file costs one request answered 304 and no body. The body goes to `<target>.partial` and is
 * renamed into place only when complete, so a cut-off download never looks like a file. A server that stops
 * sending (no byte for `idleTimeoutMs`) or sends more than `maxBytes` fails the download.
 */
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { config } from "../config";
import type { JobProgress } from "./job";

interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

export type DownloadResult =
  { changed: false; status: 304 } | { changed: true; bytes: number; etag: string | null; lastModified: string | null };

export interface DownloadOptions {
  validators?: Validators;
  idleTimeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  onBytes?: (done: number, total: number | null) => void;
}

class DownloadError extends Error {
  /**
   * @param unreachable the source did not answer at all (no connection, no name, no byte before the idle
   *   timeout): what a machine without a network sees, as opposed to a source that answered badly.
   */
  constructor(
    url: string,
    reason: string,
    readonly unreachable = false,
  ) {
    super(`${url}: ${reason}`);
    this.name = "DownloadError";
  }
}

/**
 * A sync job's download: the sync settings' idle timeout and size limit (SYNC_IDLE_TIMEOUT_MS,
 * SYNC_MAX_DOWNLOAD_MB), the run's abort signal, and its progress as `download <label>`. Every job downloads so.
 */
export function downloadForJob(
  run: { signal: AbortSignal; progress(p: JobProgress): void },
  url: string,
  target: string,
  validators: Validators | undefined,
  label: string,
): Promise<DownloadResult> {
  const { sync } = config();
  return downloadFile(url, target, {
    validators,
    idleTimeoutMs: sync.idleTimeoutMs,
    maxBytes: sync.maxDownloadBytes,
    signal: run.signal,
    onBytes: (done, total) => run.progress({ done, total, stage: `download ${label}` }),
  });
}

/** What a job keeps of a file it has imported: its validators, for the next conditional GET, and when. */
export function importedCopy(got: { etag: string | null; lastModified: string | null }) {
  return { etag: got.etag, lastModified: got.lastModified, importedAt: new Date().toISOString() };
}

/** Whether a job's error is its download source not answering at all (offline, DNS, firewall). */
export function isSourceUnreachable(error: unknown): boolean {
  return error instanceof DownloadError && error.unreachable;
}

export async function downloadFile(url: string, target: string, opts: DownloadOptions): Promise<DownloadResult> {
  const controller = new AbortController();
  let idleReason: string | null = null;
  let idle: NodeJS.Timeout | undefined;
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      idleReason = `no data for ${opts.idleTimeoutMs} ms (the server stopped sending)`;
      controller.abort(new Error(idleReason));
    }, opts.idleTimeoutMs);
  };
  const onOuterAbort = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener("abort", onOuterAbort, { once: true });
  const headers: Record<string, string> = { "user-agent": "vinscope-sync" };
  if (opts.validators?.etag) headers["if-none-match"] = opts.validators.etag;
  if (opts.validators?.lastModified) headers["if-modified-since"] = opts.validators.lastModified;
  const partial = `${target}.partial`;
  armIdle();
  try {
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: controller.signal, redirect: "follow" });
    } catch (error) {
      throw new DownloadError(url, idleReason ?? `request failed (${causeOf(error)})`, true);
    }
    if (response.status === 304) {
      await response.body?.cancel();
      return { changed: false, status: 304 };
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new DownloadError(url, `HTTP ${response.status}`);
    }
    const lengthHeader = Number(response.headers.get("content-length"));
    const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : null;
    if (total !== null && total > opts.maxBytes)
      throw new DownloadError(url, `${total} bytes is more than the ${opts.maxBytes}-byte limit`);
    let done = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        done += chunk.length;
        armIdle();
        if (done > opts.maxBytes) return cb(new DownloadError(url, `more than the ${opts.maxBytes}-byte limit`));
        opts.onBytes?.(done, total);
        cb(null, chunk);
      },
    });
    try {
      await pipeline(
        Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
        meter,
        createWriteStream(partial),
      );
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof DownloadError) throw error;
      throw new DownloadError(url, idleReason ?? `download broke off after ${done} bytes (${causeOf(error)})`);
    }
    if (total !== null && done !== total) {
      await rm(partial, { force: true });
      throw new DownloadError(url, `got ${done} of ${total} bytes`);
    }
    await rename(partial, target);
    return {
      changed: true,
      bytes: done,
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
    };
  } finally {
    clearTimeout(idle);
    opts.signal?.removeEventListener("abort", onOuterAbort);
  }
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : error.message;
  }
  return String(error);
}

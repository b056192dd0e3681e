/**
 * The one presenter of a section's status (lib/sources/status.ts) in people's words: the JSON `source` texts,
 * the pages' source notice, the Atom feed and the MCP text all word an unknown answer through it. It states facts
 * (what is not known, what the source did, from when an older answer is) and never shows a reason code, a wait
 * in milliseconds, or an instruction to an agent.
 */
import type { SectionReason } from "./status";

export interface SectionFacts {
  /** What a person calls the section: "open recalls", "crash-test ratings". */
  what: string;
  /** The outside source, as a person knows it: "NHTSA", "fueleconomy.gov". */
  from: string;
  status: string;
  /** The JSON's reason code, when the section is not ok. */
  reason?: string | null;
  /** When the answer shown was given (a stale section), ISO 8601. */
  asOf?: string | null;
}

/**
 * What the source did, after its name. A call refused at once (a refused connection, an open breaker) could not
 * reach it; only a call that really waited out its deadline "did not answer in time".
 */
const DID: Record<SectionReason, string> = {
  offline: "is not asked by this server",
  timeout: "did not answer in time",
  deadline: "did not answer in time",
  http_error: "answered with an error",
  network_error: "could not be reached",
  breaker_open: "could not be reached",
  bad_response: "gave an answer that could not be read",
  aborted: "was not asked to the end",
  busy: "is busy with other requests",
  asking: "has not answered yet",
  failed: "could not be asked",
  no_model: "lists them per model, and the model is not known",
  not_synced: "publishes them as a file, and this server has not copied it yet",
};

export function sourceDid(from: string, reason: string | null | undefined): string {
  return `${from} ${DID[(reason ?? "failed") as SectionReason] ?? DID.failed}`;
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "an earlier date");
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A section's status as a clause, without what the section is: "" when ok; "not known; NHTSA could not be
 * reached, and no earlier answer is stored"; "the last known answer, as of 2026-10-01; NHTSA did not answer in
 * time"; "not known yet; NHTSA is being asked, and its answer is stored when it comes".
 */
export function statusWords(s: SectionFacts): string {
  switch (s.status) {
    case "ok":
      return "";
    case "stale":
      return `the last known answer, as of ${day(s.asOf)}; ${sourceDid(s.from, s.reason ?? "failed")}`;
    case "pending":
      return `not known yet; ${s.from} is being asked, and its answer is stored when it comes`;
    default:
      if (s.reason === "offline")
        return `not known; this server works without ${s.from}, and nothing it holds covers this vehicle`;
      if (s.reason === "no_model" || s.reason === "not_synced") return `not known; ${sourceDid(s.from, s.reason)}`;
      return `not known; ${sourceDid(s.from, s.reason)}, and no earlier answer is stored`;
  }
}

/** One sentence for a section: "Crash-test ratings: not known; NHTSA could not be reached, …." ("" when ok). */
export function presentSection(s: SectionFacts): string {
  const words = statusWords(s);
  return words ? `${capitalised(s.what)}: ${words}.` : "";
}

/** A section's `source` text in the JSON: its attribution, then its status in words when it is not ok. */
export function sourceText(attribution: string, s: SectionFacts): string {
  const words = statusWords(s);
  return words ? `${attribution}: ${words}` : attribution;
}

/** Whether a section's own card still shows on a page: with data (ok), or with older data (stale). */
export function showsOwnCard(status: string): boolean {
  return status === "ok" || status === "stale";
}

export interface NoticeSection extends SectionFacts {
  /** False when this server is set up to work without the source (its URL is `off`). */
  online?: boolean;
  /** Where a person can look it up meanwhile, when not knowing it matters (open recalls). */
  checkAt?: { label: string; url: string };
}

export interface Notice {
  heading: string;
  /** Sentences, in order; `key` tells them apart. */
  lines: { key: string; text: string }[];
  /** The sections not shown that have a place to check them meanwhile. */
  checkAt: { what: string; label: string; url: string }[];
  /** Whether the page leaves sections out (a closing "everything else comes from this server's data"). */
  leavesOut: boolean;
}

/** "a", "a and b", "a, b and c". */
function listText(items: string[], last = "and"): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}
const distinct = (items: string[]) => [...new Set(items)];

/**
 * The one notice of a page for every section its sources could not supply, in a few sentences; null when every
 * section is ok. Stale sections say from when, pending ones that they are being fetched, the rest that they are
 * not shown, grouped by whether the source could not be reached or the server works without it.
 */
export function presentNotice(sections: NoticeSection[]): Notice | null {
  const notOk = sections.filter((s) => s.status !== "ok");
  if (!notOk.length) return null;
  const stale = notOk.filter((s) => s.status === "stale");
  const pending = notOk.filter((s) => s.status === "pending");
  const missing = notOk.filter((s) => s.status !== "stale" && s.status !== "pending");
  const isOffline = (s: NoticeSection) => s.online === false || s.reason === "offline";
  /** Not known for a reason of its own, said per section: no model to ask about, or a file not copied yet. */
  const ownReason = (s: NoticeSection) => s.reason === "no_model" || s.reason === "not_synced";
  const noModel = missing.filter(ownReason);
  const offline = missing.filter((s) => isOffline(s) && !ownReason(s));
  const unreachable = missing.filter((s) => !isOffline(s) && !ownReason(s));
  const lines: Notice["lines"] = [];
  if (unreachable.length)
    lines.push({
      key: "unreachable",
      text:
        `This server gets no answer from ${listText(distinct(unreachable.map((s) => s.from)), "or")} right now, and ` +
        `holds nothing earlier for this vehicle, so this page does not show ${listText(
          unreachable.map((s) => s.what),
          "or",
        )}.`,
    });
  if (offline.length)
    lines.push({
      key: "offline",
      text:
        `This server is set up to work without ${listText(distinct(offline.map((s) => s.from)), "or")}, and the ` +
        `data imported into it does not cover this vehicle, so this page does not show ${listText(
          offline.map((s) => s.what),
          "or",
        )}.`,
    });
  for (const s of noModel)
    lines.push({
      key: `${s.reason}-${s.what}`,
      text: `${capitalised(s.what)} are not shown: ${sourceDid(s.from, s.reason)}.`,
    });
  for (const s of stale)
    lines.push({
      key: `stale-${s.what}`,
      text: `${capitalised(s.what)}: the last answer ${s.from} gave, as of ${day(s.asOf)}.`,
    });
  if (pending.length)
    lines.push({
      key: "pending",
      text: `This page shows ${listText(pending.map((s) => s.what))} once fetched: reload it in a moment.`,
    });
  const heading =
    unreachable.length || stale.length
      ? "Some sources are not available right now"
      : offline.length || noModel.length
        ? "Some sections are not covered by this server's data"
        : "Some sections are still loading";
  return {
    heading,
    lines,
    checkAt: missing.flatMap((s) => (s.checkAt ? [{ what: s.what, ...s.checkAt }] : [])),
    leavesOut: missing.length > 0,
  };
}

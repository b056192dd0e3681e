// One calm notice per page for everything its outside sources could not supply: which sources this server
// gets no answer from (or is set up to work without), what is therefore missing or older, and what that means.
// The sections it covers fold into it instead of each showing a box of its own. Built from the sections'
// statuses alone (ok / stale / unavailable / pending / any newer one), so a new status needs no new box:
// "stale" is shown with its date, "pending" as still loading, anything else that is not "ok" as not known.
// Internal reason codes stay in the JSON answers; none is shown here.

export interface SectionState {
  /** What a person calls the section: "open recalls", "crash-test ratings". */
  what: string;
  /** The outside source it comes from, as a person knows it: "NHTSA", "fueleconomy.gov". */
  from: string;
  status: string;
  /** When the answer shown was given (a stale section), ISO 8601. */
  asOf?: string | null;
  /** False when this server is set up to work without the source (its URL is `off`): only imported data counts. */
  online: boolean;
  /** Where a person can look it up meanwhile, when not knowing it matters (open recalls). */
  checkAt?: { label: string; url: string };
}

/** Whether a section's own card still shows on the page: with data (ok), or with older data (stale). */
export function showsOwnCard(status: string): boolean {
  return status === "ok" || status === "stale";
}

/** "a", "a and b", "a, b and c". */
function listText(items: string[], last = "and"): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}

const distinct = (items: string[]) => [...new Set(items)];
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "an earlier date");

export function SourceNotice({ sections }: { sections: SectionState[] }) {
  const notOk = sections.filter((s) => s.status !== "ok");
  if (!notOk.length) return null;
  const stale = notOk.filter((s) => s.status === "stale");
  const pending = notOk.filter((s) => s.status === "pending");
  const missing = notOk.filter((s) => s.status !== "stale" && s.status !== "pending");
  const unreachable = missing.filter((s) => s.online);
  const offline = missing.filter((s) => !s.online);
  const heading =
    unreachable.length || stale.length
      ? "Some sources are not available right now"
      : offline.length
        ? "Some sections are not covered by this server's data"
        : "Some sections are still loading";
  return (
    <section className="notice notice-info" aria-labelledby="source-notice-heading" data-testid="source-notice">
      <h2 id="source-notice-heading" className="notice-title">
        {heading}
      </h2>
      {unreachable.length ? (
        <p data-testid="source-notice-unreachable">
          This server gets no answer from {listText(distinct(unreachable.map((s) => s.from)), "or")} right now, and
          holds nothing earlier for this vehicle, so this page does not show{" "}
          {listText(
            unreachable.map((s) => s.what),
            "or",
          )}
          .
        </p>
      ) : null}
      {offline.length ? (
        <p data-testid="source-notice-offline">
          This server is set up to work without {listText(distinct(offline.map((s) => s.from)), "or")}, and the data
          imported into it does not cover this vehicle, so this page does not show{" "}
          {listText(
            offline.map((s) => s.what),
            "or",
          )}
          .
        </p>
      ) : null}
      {stale.map((s) => (
        <p key={s.what}>
          {capitalised(s.what)}: the last answer {s.from} gave, as of {day(s.asOf)}.
        </p>
      ))}
      {pending.length ? (
        <p>This page shows {listText(pending.map((s) => s.what))} once fetched: reload it in a moment.</p>
      ) : null}
      {missing.flatMap((s) =>
        s.checkAt ? (
          <p key={s.what}>
            Not shown does not mean none: check {s.what} for this vehicle at{" "}
            <a href={s.checkAt.url}>{s.checkAt.label}</a>.
          </p>
        ) : (
          []
        ),
      )}
      {missing.length ? <p>Everything else on this page comes from data this server holds.</p> : null}
    </section>
  );
}

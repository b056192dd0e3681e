// The government sources mirrored from files (NHTSA's service bulletins, …) as cards of the VIN and vehicle pages:
// a count and the newest few, with a link to the whole list. A section not known is not shown as a card (the
// page's one source notice names it; unknown is never shown as 0). A stale one says of when.
import type { BulletinsSection } from "@/lib/bulletins";

function AsOf({ s }: { s: { status: string; checkedAt: string } }) {
  if (s.status !== "stale") return null;
  return (
    <p className="muted" data-testid="status-note">
      Last copy of the file, as of {s.checkedAt.slice(0, 10)}.
    </p>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function BulletinsCard({ s }: { s: BulletinsSection }) {
  return (
    <section className="card" aria-labelledby="bulletins-heading" data-testid="bulletins" data-status={s.status}>
      <h2 id="bulletins-heading">Service bulletins</h2>
      <AsOf s={s} />
      <p data-testid="bulletins-count">
        {s.count ? (
          <>
            The manufacturer sent NHTSA <strong>{plural(s.count, "communication", "communications")}</strong> about this
            vehicle: bulletins to its dealers, service campaigns, warranty extensions and software updates.
          </>
        ) : (
          "NHTSA holds no manufacturer communication about this vehicle."
        )}
      </p>
      {s.newest.length ? (
        <ul data-testid="bulletins-newest">
          {s.newest.map((b) => (
            <li key={b.nhtsaId}>
              <strong>{b.type.replace(/_/g, " ")}</strong>
              {b.documentId ? ` ${b.documentId}` : ""} (NHTSA {b.nhtsaId}): {b.summary}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted">
        {s.count ? <a href={s.url}>All {plural(s.count, "communication", "communications")} (JSON)</a> : null}
        {s.count ? " · " : null}
        <a href={s.nhtsaUrl}>NHTSA&apos;s page of this vehicle</a>. Source: NHTSA manufacturer communications.
      </p>
    </section>
  );
}

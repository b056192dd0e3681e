// The government sources mirrored from files (NHTSA's service bulletins, Transport Canada's recalls) as cards of the VIN and vehicle pages:
// a count and the newest few, with a link to the whole list. A section not known is not shown as a card (the
// page's one source notice names it; unknown is never shown as 0). A stale one says of when.
import type { BulletinsSection } from "@/lib/bulletins";
import { OGL_ATTRIBUTION, type CanadaRecallsSection } from "@/lib/canada-recalls";

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

export function CanadaRecallsCard({ s }: { s: CanadaRecallsSection }) {
  return (
    <section
      className="card"
      aria-labelledby="canada-recalls-heading"
      data-testid="canada-recalls"
      data-status={s.status}
    >
      <h2 id="canada-recalls-heading">Recalls in Canada</h2>
      <AsOf s={s} />
      <p data-testid="canada-recalls-count">
        {s.count ? (
          <>
            Transport Canada lists <strong>{plural(s.count, "recall", "recalls")}</strong> for this vehicle. A recall
            with a US campaign is the same defect as that NHTSA recall; one without is known in Canada only.
          </>
        ) : (
          "Transport Canada lists no recall for this vehicle."
        )}
      </p>
      {s.newest.length ? (
        <ul data-testid="canada-recalls-newest">
          {s.newest.map((r) => (
            <li key={r.recallNumber}>
              <strong>{r.recallNumber}</strong>
              {r.recallDate ? ` (${r.recallDate})` : ""}, {r.system || "system not given"}:{" "}
              {r.nhtsaCampaignNumber ? `US campaign ${r.nhtsaCampaignNumber}` : "no US campaign"}. {r.comment}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted">
        {s.count ? (
          <>
            <a href={s.url}>All {plural(s.count, "recall", "recalls")} (JSON)</a> ·{" "}
          </>
        ) : null}
        Source: Transport Canada, Motor Vehicle Safety Recalls Database. {OGL_ATTRIBUTION}
      </p>
    </section>
  );
}

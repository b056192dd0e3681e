// The government sources mirrored from files (NHTSA's defect investigations and service bulletins, Transport
// Canada's recalls) as cards of the VIN and vehicle pages:
// a count and the newest few, with a link to the whole list. A section not known is not shown as a card (the
// page's one source notice names it; unknown is never shown as 0). A stale one says of when.
import type { BulletinsSection } from "@/lib/bulletins";
import type { InvestigationsSection } from "@/lib/investigations";
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

/**
 * NHTSA's defect investigations. An open one is a caution: NHTSA is looking into a possible defect, which may or may
 * not lead to a recall; it is never called a recall here.
 */
export function InvestigationsCard({ s }: { s: InvestigationsSection }) {
  const open = s.openCount ?? 0;
  return (
    <section
      className="card"
      aria-labelledby="investigations-heading"
      data-testid="investigations"
      data-status={s.status}
      data-open={open}
    >
      <h2 id="investigations-heading">Defect investigations</h2>
      <AsOf s={s} />
      {open ? (
        <p role="note" data-testid="investigations-caution">
          <strong>Caution:</strong> NHTSA has {plural(open, "open investigation", "open investigations")} into a
          possible defect of this vehicle. An investigation is not a recall: it may or may not lead to one.
        </p>
      ) : null}
      <p data-testid="investigations-count">
        {s.count
          ? `NHTSA's Office of Defects Investigation has opened ${plural(s.count, "investigation", "investigations")} naming this vehicle${open ? `, ${open} still open` : ", all closed"}.`
          : "NHTSA has opened no defect investigation naming this vehicle."}
      </p>
      {s.newest.length ? (
        <ul data-testid="investigations-newest">
          {s.newest.map((i) => (
            <li key={i.actionNumber} data-open={i.open}>
              <strong>{i.actionNumber}</strong> ({i.type.name}, opened {i.openedOn}
              {i.open ? ", open" : i.closedOn ? `, closed ${i.closedOn}` : ""}) {i.component}: {i.subject}
              {i.recall ? (
                <>
                  {" "}
                  Led to recall <a href={i.recall.url}>{i.recall.campaignNumber}</a>.
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted">
        {s.count ? (
          <>
            <a href={s.url}>All {plural(s.count, "investigation", "investigations")} (JSON)</a> ·{" "}
          </>
        ) : null}
        <a href={s.nhtsaUrl}>NHTSA&apos;s page of this vehicle</a>. Source: NHTSA Office of Defects Investigation.
      </p>
    </section>
  );
}

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

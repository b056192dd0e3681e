/**
 * The account page's recall alerts, per location: the watched VINs, the webhook endpoint and its health, and the
 * recent deliveries. Watching and the endpoint are managed through the dealer API with the location's key.
 */
import Link from "next/link";
import type { LocationAlerts } from "@/lib/alerts/account-alerts";
import styles from "../dealers.module.css";

const HEALTH_TEXT = { new: "registered, nothing delivered yet", healthy: "healthy", failing: "failing" } as const;

export function RecallAlerts({ locations }: { locations: LocationAlerts[] }) {
  return (
    <section data-testid="recall-alerts">
      <h2>Recall alerts</h2>
      <p className={styles.muted}>
        Watch VINs with <code>POST /api/dealer/v1/watchlist</code>, or a whole year/make/model with{" "}
        <code>POST /api/dealer/v1/watchlist/vehicles</code>, and register a webhook with{" "}
        <code>PUT /api/dealer/v1/webhook</code> (<Link href="/docs">API reference</Link>): each new recall for a watched
        VIN or vehicle (NHTSA&apos;s, or a Canadian one with no US campaign) is sent as a signed{" "}
        <code>recall.opened</code> event, and each new NHTSA defect investigation (a caution, not a recall) as{" "}
        <code>investigation.opened</code>.
      </p>
      {locations.map((l) => (
        <div key={l.locationId} data-testid={`alerts-${l.locationId}`}>
          {locations.length > 1 ? <h3>{l.name}</h3> : null}
          <p>
            <strong>{l.watched}</strong> VIN{l.watched === 1 ? "" : "s"} watched
            {l.watched > l.newest.length ? ` (the ${l.newest.length} newest below)` : ""}.{" "}
            {l.endpoint ? (
              <>
                Webhook <code>{l.endpoint.url}</code>:{" "}
                <strong
                  className={l.endpoint.health === "failing" ? styles.warning : undefined}
                  data-testid="webhook-health"
                >
                  {HEALTH_TEXT[l.endpoint.health]}
                </strong>
                {l.endpoint.failingSince ? ` since ${new Date(l.endpoint.failingSince).toUTCString()}` : ""}
                {l.endpoint.pending ? `, ${l.endpoint.pending} waiting` : ""}.
              </>
            ) : (
              "No webhook registered."
            )}
          </p>
          {l.newest.length ? (
            <div className="table-scroll" tabIndex={0} role="group" aria-label={`Watched VINs of ${l.name}`}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th>VIN</th>
                    <th>Vehicle</th>
                    <th>Watched since</th>
                  </tr>
                </thead>
                <tbody>
                  {l.newest.map((w) => (
                    <tr key={w.vin}>
                      <td>
                        <Link href={`/vin/${w.vin}`}>
                          <code>{w.vin}</code>
                        </Link>
                      </td>
                      <td>{w.vehicle}</td>
                      <td>{w.watchedSince.toISOString().slice(0, 10)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {l.vehicles.length ? (
            <div className="table-scroll" tabIndex={0} role="group" aria-label={`Watched vehicles of ${l.name}`}>
              <table className={styles.table} data-testid="watched-vehicles">
                <caption>
                  {l.vehiclesWatched} year/make/model watched (every VIN of it)
                  {l.vehiclesWatched > l.vehicles.length ? `, the ${l.vehicles.length} newest below` : ""}
                </caption>
                <thead>
                  <tr>
                    <th>Vehicle</th>
                    <th>Watched since</th>
                  </tr>
                </thead>
                <tbody>
                  {l.vehicles.map((v) => (
                    <tr key={v.href}>
                      <td>
                        <Link href={v.href}>{v.vehicle}</Link>
                      </td>
                      <td>{v.watchedSince.toISOString().slice(0, 10)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {l.deliveries.length ? (
            <div className="table-scroll" tabIndex={0} role="group" aria-label={`Recent deliveries of ${l.name}`}>
              <table className={styles.table} data-testid="deliveries">
                <thead>
                  <tr>
                    <th>Event</th>
                    <th>VIN</th>
                    <th>Recall or investigation</th>
                    <th>Status</th>
                    <th>Attempts</th>
                    <th>Last answer</th>
                  </tr>
                </thead>
                <tbody>
                  {l.deliveries.map((d) => (
                    <tr key={d.id}>
                      <td>{d.event}</td>
                      <td>{d.vin ?? ""}</td>
                      <td>
                        {d.campaignNumber ?? ""}
                        {d.country === "CA" ? " (Canada)" : ""}
                      </td>
                      <td>
                        {d.status}
                        {d.nextAttemptAt ? `, next ${new Date(d.nextAttemptAt).toUTCString()}` : ""}
                      </td>
                      <td>{d.attempts}</td>
                      <td>{d.lastStatus ?? d.lastError ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ))}
    </section>
  );
}

/**
 * The recall alerts of a dealer account, for its account page: per location, the watchlist (its size and the
 * newest VINs), the webhook endpoint and its health, and the recent deliveries; and whether the digest is on.
 */
import type { DeliveryLogEntry, WebhookEndpointView } from "./answers";
import { db } from "../db";
import { displayMake, slugify } from "../vehicle";
import { logEntry } from "./delivery";
import { digestEnabled } from "./digest";
import { endpointView } from "./endpoints";
import { locationWatcherId, type Watcher } from "./watcher";

const SHOWN_VINS = 20;
const SHOWN_DELIVERIES = 10;

export interface LocationAlerts {
  locationId: string;
  name: string;
  watched: number;
  newest: { vin: string; vehicle: string; watchedSince: Date }[];
  /** Watched year/make/models, newest first, and the recall page of each. */
  vehicles: { vehicle: string; href: string; watchedSince: Date }[];
  vehiclesWatched: number;
  endpoint: WebhookEndpointView | null;
  deliveries: DeliveryLogEntry[];
}

export async function accountAlerts(
  account: { id: string; email: string },
  locations: { id: string; name: string }[],
): Promise<{ digest: boolean; locations: LocationAlerts[] }> {
  const perLocation = await Promise.all(
    locations.map(async (l): Promise<LocationAlerts> => {
      const watcher: Watcher = { id: locationWatcherId(l.id), accountId: account.id, email: account.email };
      const [watched, newest, vehiclesWatched, vehicles, endpoint, deliveries] = await Promise.all([
        db().watchedVin.count({ where: { watcherId: watcher.id } }),
        db().watchedVin.findMany({
          where: { watcherId: watcher.id },
          orderBy: { createdAt: "desc" },
          take: SHOWN_VINS,
        }),
        db().watchedVehicle.count({ where: { watcherId: watcher.id } }),
        db().watchedVehicle.findMany({
          where: { watcherId: watcher.id },
          orderBy: { createdAt: "desc" },
          take: SHOWN_VINS,
        }),
        endpointView(watcher),
        db().alertEvent.findMany({
          where: { watcherId: watcher.id },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take: SHOWN_DELIVERIES,
        }),
      ]);
      return {
        locationId: l.id,
        name: l.name,
        watched,
        newest: newest.map((w) => ({
          vin: w.vin,
          vehicle: `${w.year} ${displayMake(w.make)} ${w.model}`,
          watchedSince: w.createdAt,
        })),
        vehiclesWatched,
        vehicles: vehicles.map((v) => ({
          vehicle: `${v.year} ${displayMake(v.make)} ${v.model}`,
          href: `/recalls/${v.year}/${slugify(v.make)}/${slugify(v.model)}`,
          watchedSince: v.createdAt,
        })),
        endpoint,
        deliveries: deliveries.map(logEntry),
      };
    }),
  );
  return { digest: await digestEnabled(account.id), locations: perLocation };
}

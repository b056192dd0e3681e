/**
 * Vehicle slugs: the one rule every URL that names a make or model follows.
 *
 *   slugify("Land Rover") → "land-rover"      slugify("Range Rover Sport") → "range-rover-sport"
 *   slugify("F-150") → "f-150"                slugify("CX-5") → "cx-5"
 *   slugify("Model 3") → "model-3"            slugify("Mercedes-Benz") → "mercedes-benz"
 *
 * Lower case; accents dropped; every run of other characters (spaces, hyphens, dots, slashes, "&") becomes
 * one hyphen; no leading or trailing hyphen. Deals store their slugs (Deal.makeSlug / Deal.modelSlug), so a
 * URL is resolved by an indexed equality match and the canonical names come back from the data itself.
 * Pure (no data), so pages, routes, importers and the sitemap all share it.
 */
import { withoutAccents } from "./names";
import type { VehicleQuery } from "./vehicle";

/** A well-formed slug: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 64;

export function slugify(name: string): string {
  return withoutAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The key a year/make/model's stored answers go under (insights, buyer-data source answers): `2024|toyota|camry`.
 * Stored in the database, so it must not change.
 */
export function vehicleSlugKey(q: VehicleQuery): string {
  return `${q.year}|${slugify(q.make)}|${slugify(q.model)}`;
}

export function isSlug(value: string): boolean {
  return value.length > 0 && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/**
 * Last-resort names from a URL's slug, for asking NHTSA and showing when no data names the vehicle
 * (lib/recalls/vehicle-names.ts): "grand-cherokee" → "GRAND CHEROKEE", "silverado-1500" → "SILVERADO 1500";
 * a short prefix keeps its hyphen as in model names ("f-150" → "F-150", "cr-v" → "CR-V", "cx-5" → "CX-5").
 */
export function nameFromSlug(value: string): string {
  const parts = value
    .trim()
    .split(/[-\s]+/)
    .filter(Boolean);
  let out = parts[0] ?? "";
  for (let i = 1; i < parts.length; i++) {
    out += /^[A-Za-z]{1,3}$/.test(parts[i - 1]) && parts[i].length <= 4 ? `-${parts[i]}` : ` ${parts[i]}`;
  }
  return out.toUpperCase();
}

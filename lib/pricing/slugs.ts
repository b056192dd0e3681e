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
 */
import type { Db } from "../db";

/** A well-formed slug: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 64;

export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function isSlug(value: string): boolean {
  return value.length > 0 && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

export interface VehicleNames {
  make: string;
  model: string;
}

/**
 * Canonical make/model names for a pair of slugs, as the deals spell them. The importer adopts the spelling
 * already stored for a slug pair (lib/pricing/import-deals.ts), so one slug pair has one spelling and any
 * row answers. One indexed row read.
 */
export async function namesForSlugs(db: Db, makeSlug: string, modelSlug: string): Promise<VehicleNames | null> {
  const row = await db.deal.findFirst({ where: { makeSlug, modelSlug }, select: { make: true, model: true } });
  return row ?? null;
}

/**
 * The honest fallback: when no model answers (no key, an API error, a deadline, two rejected answers), the
 * paragraph is composed from the same facts by fixed rules and labelled with its own writer id, so nobody
 * takes it for AI text. It is cached briefly only, so a model-written insight replaces it soon.
 */
import type { VehicleFacts } from "./facts";
import { formatMoney, formatPercent } from "./prompt";
import { countWords, MAX_WORDS } from "./validate-insight";

export const FALLBACK_WRITER = "vinscope-facts-v1";

export function composeFallback(facts: VehicleFacts): string {
  const vehicle = `${facts.year} ${facts.make} ${facts.model}`;
  // Each sentence comes in a full and a shorter form; the shorter ones are used until the paragraph fits.
  const candidates: string[][] = [variantSentences(facts, vehicle)];
  const pricing = pricingSentences(facts);
  const recalls = recallSentences(facts);
  if (pricing.length) candidates.push(pricing);
  if (recalls.length) candidates.push(recalls);
  // The page beside this text may show demo pricing: say why it is not used rather than deny it exists.
  if (!pricing.length && facts.pricingDemoOnly) {
    candidates.push([
      "The prices vinscope shows for this model year are demonstration data, not real deals, so this summary leaves them out.",
    ]);
  }
  // No pricing or recall fact means it was not known in time (a vehicle with no deals or no recalls has a fact
  // saying so): the text says so rather than claim there are none.
  if (candidates.length === 1)
    candidates.push(["Buyer pricing and recall figures for it were not known when this summary was written."]);

  const choice = candidates.map(() => 0);
  const compose = () => candidates.map((forms, i) => forms[choice[i]]).join(" ");
  let text = compose();
  // Shorten one sentence at a time, the least informative detail first (recall components, then the MSRP
  // clause, then the variant lists), going round until the paragraph fits.
  const order = [...candidates.keys()].reverse();
  while (countWords(text) > MAX_WORDS) {
    const next = order.find((i) => choice[i] + 1 < candidates[i].length);
    if (next === undefined) break;
    choice[next]++;
    order.push(order.splice(order.indexOf(next), 1)[0]);
    text = compose();
  }
  return text;
}

function variantSentences(facts: VehicleFacts, vehicle: string): string[] {
  const v = facts.variants;
  const bodies = unique(v.bodyStyles.map(shortBodyStyle)).slice(0, 2);
  const fuels = unique(v.fuelTypes.map(shortFuelType)).slice(0, 3);
  const engines = unique(v.engines.map((e) => e.split(",")[0].trim())).slice(0, 3);
  const parts: string[] = [];
  if (bodies.length)
    parts.push(bodies.length === 1 ? `${article(bodies[0])} ${bodies[0]} body` : `${list(bodies)} bodies`);
  if (engines.length) parts.push(engines.length === 1 ? `a ${engines[0]} engine` : `${list(engines)} engines`);
  if (fuels.length) parts.push(`${list(fuels)} fuel`);
  const plain = `The ${vehicle} is listed in NHTSA's vPIC vehicle data.`;
  if (!parts.length) return [plain];
  // Parts that contain "and" themselves are separated by semicolons so the sentence still parses.
  const joined = parts.some((p) => p.includes(" and "))
    ? parts.map((p, i) => (i === parts.length - 1 && i > 0 ? `and ${p}` : p)).join("; ")
    : list(parts);
  const full = `NHTSA's vPIC data lists the ${vehicle} with variants including ${joined}.`;
  const short =
    parts.length > 1 ? `NHTSA's vPIC data lists the ${vehicle} with variants including ${parts[0]}.` : plain;
  return [full, short, plain];
}

function pricingSentences(facts: VehicleFacts): string[] {
  const p = facts.pricing;
  if (!p) return [];
  if (p.sampleSize === 0) return ["vinscope holds no verified buyer deals for this model year yet."];
  const deals = `${p.sampleSize} verified buyer deal${p.sampleSize === 1 ? "" : "s"}`;
  if (p.averageSellingPrice === null)
    return [`vinscope holds ${deals} for this model year, too few to show price figures.`];
  const asp = formatMoney(p.averageSellingPrice);
  const forms: string[] = [];
  if (p.averageMsrp !== null && p.averageDiscountPercent !== null) {
    forms.push(
      `Across ${deals}, the average selling price was ${asp} against an average MSRP of ${formatMoney(p.averageMsrp)}, ` +
        `an average discount of ${formatPercent(p.averageDiscountPercent)}.`,
    );
  }
  forms.push(`Across ${deals}, the average selling price was ${asp}.`);
  return forms;
}

function recallSentences(facts: VehicleFacts): string[] {
  const r = facts.recalls;
  if (!r) return [];
  if (r.count === 0) return ["NHTSA lists no recall campaigns for this model year."];
  const base = `NHTSA lists ${r.count} recall campaign${r.count === 1 ? "" : "s"} for this model year`;
  const clauses: string[] = [];
  if (r.parkIt > 0) clauses.push(`${r.parkIt} with a park-it warning`);
  if (r.parkOutside > 0) clauses.push(`${r.parkOutside} with a park-outside warning`);
  const forms: string[] = [];
  if (clauses.length && r.components.length) {
    forms.push(`${base}, ${list(clauses)}, involving components such as ${list(r.components.slice(0, 2))}.`);
  }
  if (clauses.length) forms.push(`${base}, ${list(clauses)}.`);
  if (r.components.length) forms.push(`${base}, involving components such as ${r.components[0]}.`);
  forms.push(`${base}.`);
  return forms;
}

/** "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)" → "SUV"; "Sedan/Saloon" → "sedan". */
function shortBodyStyle(name: string): string {
  const first = name.split("/")[0];
  const initials = /\(([A-Z]{2,4})\)/.exec(first);
  if (initials) return initials[1];
  return first
    .replace(/\(.*?\)/g, "")
    .trim()
    .toLowerCase();
}

/** "Flexible Fuel Vehicle (FFV)" → "flexible fuel"; "Compressed Natural Gas (CNG)" → "compressed natural gas". */
function shortFuelType(name: string): string {
  return name
    .replace(/\(.*?\)/g, "")
    .replace(/\bvehicle\b/i, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) || /^(SUV|MPV)$/.test(word) ? "an" : "a";
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

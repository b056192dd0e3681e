/**
 * Make/model names: vPIC (what a VIN decodes to) and NHTSA's recall files spell the same vehicle differently
 * ("Silverado" vs "SILVERADO 1500", "F-150" vs "F150", "C-Class" vs "C300", "RAV4" vs "RAV4 HYBRID").
 * Matching works on a *core* of the model name: upper case, letters and digits only, with the words that
 * name a series, duty class, drivetrain or hybrid variant of the same model dropped. Two names match when
 * their cores are equal and their duty classes do not contradict each other (a Silverado HD is not a
 * Silverado 1500). Real pairs from NHTSA/vPIC data are in names.test.ts.
 *
 * `nameKey` is also the key of vPIC's make and model catalog (lib/vin/catalog.ts): "Mercedes-Benz",
 * "mercedes benz" and the slug "mercedes-benz" look up the same make.
 */

/** Accents dropped ("Citroën" → "Citroen", "Edison²" → "Edison2"): every key and slug starts here. */
export function withoutAccents(name: string): string {
  return name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/** Upper case, accents dropped, letters and digits only: "F-150" → "F150", "Mercedes-Benz" → "MERCEDESBENZ". */
export function nameKey(name: string): string {
  return withoutAccents(name)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

/** Makes that NHTSA and vPIC (or users) name differently. Keys on both sides. */
const MAKE_ALIASES: Record<string, string> = {
  VW: "VOLKSWAGEN",
  CHEVY: "CHEVROLET",
  MERCEDES: "MERCEDESBENZ",
  BENZ: "MERCEDESBENZ",
  LANDROVER: "LANDROVER",
  ALFA: "ALFAROMEO",
};

export function makeKey(make: string): string {
  const key = nameKey(make);
  return MAKE_ALIASES[key] ?? key;
}

/**
 * Words that name a variant (duty class, powertrain, drivetrain, body or cab style, seating) of the same
 * model rather than another model; vPIC keeps these in other elements (series, fuel, body class). Never
 * dropped when they are the first word.
 */
const VARIANT_WORDS = new Set([
  "HD",
  "LD",
  "SD",
  "HYBRID",
  "HEV",
  "PHEV",
  "PLUGIN",
  "PLUG",
  "IN",
  "EV",
  "ELECTRIC",
  "BATTERY",
  "DIESEL",
  "AWD",
  "FWD",
  "RWD",
  "4WD",
  "2WD",
  "4X4",
  "4X2",
  "4MATIC",
  "XDRIVE",
  "QUATTRO",
  "RHD",
  "COUPE",
  "CONVERTIBLE",
  "CABRIOLET",
  "SEDAN",
  "HATCHBACK",
  "WAGON",
  "2DR",
  "4DR",
  "5DOOR",
  "DOOR",
  "REGULAR",
  "SUPER",
  "CREW",
  "CAB",
  "SUPERCAB",
  "SUPERCREW",
  "LWB",
  "SWB",
  "VAN",
  "CARGO",
  "PASSENGER",
  "PASS",
  "PURSUIT",
  "UNLIMITED",
]);
// Series and size numbers after the model name: "SILVERADO 2500", "ES 350", "NX 350H", "DEFENDER 110",
// "SPRINTER 2500 12 PASSENGER". A single digit is a model of its own ("IONIQ 5", "MODEL 3").
const SERIES_NUMBER = /^\d{2,4}[A-Z]{0,2}$/;

/** Real NHTSA recall names that no rule can relate to vPIC's (key of make → key of NHTSA model → vPIC key). */
const MODEL_ALIASES: Record<string, Record<string, string>> = {
  POLESTAR: { POLESTAR1: "PS1", POLESTAR2: "PS2" },
};
const HEAVY = new Set(["HD", "SD", "2500", "3500", "4500", "5500", "250", "350", "450", "550"]);
const LIGHT = new Set(["LD", "1500", "150"]);

/** Tokens split on spaces, parentheses, commas and slashes; a hyphen keeps its token ("F-150", "MACH-E"). */
function tokens(name: string): string[] {
  return withoutAccents(name)
    .toUpperCase()
    .split(/[\s(),/]+/)
    .map((t) => t.replace(/[^A-Z0-9]/g, ""))
    .filter(Boolean);
}

/** Mercedes-Benz files recalls under engine designations ("C300", "GLE350") of vPIC's classes ("C-Class"). */
function mercedesClass(core: string): string {
  const m = /^([A-Z]{1,3})\d{2,3}[A-Z]?$/.exec(core);
  return m ? `${m[1]}CLASS` : core;
}

/** BMW files recalls by series ("3 SERIES") where vPIC names the model ("330i", "328d", "M340i" excepted). */
function bmwSeries(core: string): string {
  const m = /^(\d)\d{2}[A-Z]{0,3}$/.exec(core);
  return m ? `${m[1]}SERIES` : core;
}

export function modelCore(model: string, make?: string): string {
  const mk = make ? makeKey(make) : "";
  const alias = MODEL_ALIASES[mk]?.[nameKey(model)];
  if (alias) return alias;
  let parts = tokens(model);
  // "AUDI A3", "MERCEDES-MAYBACH S-CLASS": NHTSA sometimes repeats the make in the model name.
  if (mk && parts.length > 1 && parts[0] === mk) parts = parts.slice(1);
  const kept = parts.filter((t, i) => i === 0 || !(VARIANT_WORDS.has(t) || SERIES_NUMBER.test(t)));
  const core = kept.join("");
  if (mk === "MERCEDESBENZ") return mercedesClass(core);
  if (mk === "BMW") return bmwSeries(core);
  return core;
}

function dutyClass(model: string): "heavy" | "light" | null {
  const parts = tokens(model).slice(1);
  if (parts.some((t) => HEAVY.has(t))) return "heavy";
  if (parts.some((t) => LIGHT.has(t))) return "light";
  return null;
}

/** What the model rules compare of a name: its key, its core and its duty class (computed once, compared often). */
export interface ModelIdentity {
  key: string;
  core: string;
  duty: "heavy" | "light" | null;
}

export function modelIdentity(model: string, make?: string): ModelIdentity {
  return { key: nameKey(model), core: modelCore(model, make), duty: dutyClass(model) };
}

/** Do two model identities (of the same make) name the same vehicle? */
export function sameModelIdentity(a: ModelIdentity, b: ModelIdentity): boolean {
  if (a.key === b.key) return true;
  if (a.core !== b.core) return false;
  return !(a.duty && b.duty && a.duty !== b.duty);
}

/** Do two model names (of the same make) name the same vehicle? */
export function sameModel(a: string, b: string, make?: string): boolean {
  return sameModelIdentity(modelIdentity(a, make), modelIdentity(b, make));
}

export function sameMake(a: string, b: string): boolean {
  return makeKey(a) === makeKey(b);
}

/**
 * What a communication is, from its concise summary (MFR_COMMS rows carry no type column). Keyword rules, applied
 * in this order, the first that matches wins (so a warranty extension announced in a service bulletin is a
 * warranty extension):
 *   1. over_the_air_update: "over-the-air", "over the air", or "OTA" as a word;
 *   2. warranty_extension: "warranty extension", "extended warranty", "extends/extended the … warranty",
 *      "special coverage", "warranty enhancement";
 *   3. service_campaign: "… campaign", "customer satisfaction program", "service program", "safety recall";
 *   4. bulletin: "bulletin", "TSB", "service information", "technical tip", "preliminary information";
 *   5. other: anything else (many summaries only describe the problem and its repair).
 */
export const BULLETIN_TYPES = [
  "bulletin",
  "service_campaign",
  "warranty_extension",
  "over_the_air_update",
  "other",
] as const;
export type BulletinType = (typeof BULLETIN_TYPES)[number];

const RULES: Array<[BulletinType, RegExp]> = [
  ["over_the_air_update", /\bOVER[- ]THE[- ]AIR\b|\bOTA\b/],
  [
    "warranty_extension",
    /\bWARRANTY EXTENSION\b|\bEXTENDED WARRANTY\b|\bEXTEND(?:S|ED|ING)? (?:THE )?(?:[A-Z-]+ ){0,3}WARRANTY\b|\bSPECIAL COVERAGE\b|\bWARRANTY ENHANCEMENT\b/,
  ],
  ["service_campaign", /\bCAMPAIGN\b|\bCUSTOMER SATISFACTION PROGRAM\b|\bSERVICE PROGRAM\b|\bSAFETY RECALL\b/],
  ["bulletin", /\bBULLETINS?\b|\bTSBS?\b|\bSERVICE INFORMATION\b|\bTECHNICAL TIPS?\b|\bPRELIMINARY INFORMATION\b/],
];

export function bulletinType(summary: string): BulletinType {
  const text = summary.toUpperCase();
  return RULES.find(([, pattern]) => pattern.test(text))?.[0] ?? "other";
}

/**
 * The manufacturer's own document number, when the summary names it after a label: "TSB 21-123-45", "Bulletin
 * No. SB-10054527", "NTB13-088" and "SB-10054527" (a label written onto its number is part of it),
 * "Campaign #20SA01". The number must hold a digit, must not be a bare year, and must be 3 to 24 letters, digits,
 * dashes, dots and slashes. Null otherwise: the file has no column for it, and a number is never made up.
 */
const DOCUMENT_ID =
  /\b(TSB|SB|SIB|NTB|TSIB|PIP|PIT|PI|SSM|BULLETIN|CAMPAIGN|PROGRAM)(-|(?:\s*(?:NO\.?|NUMBER|#|:))?\s*#?\s*)([A-Z0-9][A-Z0-9./-]{1,22}[A-Z0-9])\b/;

export function documentIdFrom(summary: string): string | null {
  const m = DOCUMENT_ID.exec(summary.toUpperCase());
  if (!m) return null;
  const [, label, between, number] = m;
  if (!/\d/.test(number) || /^(?:19|20)\d{2}$/.test(number)) return null;
  return between === "" || between === "-" ? `${label}${between}${number}` : number;
}

/**
 * What an insight paragraph must be before it is stored or shown: plain text, two or three
 * sentences, at most 60 words, no figure that is not among the facts, no promotion, no buying advice, and no
 * talk about the request itself. The same check guards the model's answer and the factual fallback.
 */
export const MAX_WORDS = 60;
const MIN_SENTENCES = 2;
const MAX_SENTENCES = 3;

export type Validation = { ok: true; text: string } | { ok: false; problem: string };

// Praise and sales talk. Checked as whole words, case-insensitive; a word that the facts themselves contain
// (a make or a component name) is not held against the paragraph.
const PROMOTION = [
  "best",
  "great",
  "excellent",
  "outstanding",
  "amazing",
  "awesome",
  "fantastic",
  "perfect",
  "superb",
  "impressive",
  "stunning",
  "stylish",
  "sleek",
  "exceptional",
  "remarkable",
  "incredible",
  "unbeatable",
  "ideal",
  "must-have",
  "top-notch",
  "standout",
  "popular",
  "beloved",
  "reliable",
  "dependable",
  "luxurious",
  "sporty",
  "exciting",
  "thrilling",
  "spacious",
  "powerful",
  "fuel-efficient",
  "efficient",
  "affordable",
  "cheap",
  "bargain",
  "value",
  "deal of",
  "don't miss",
  "sign up",
  "subscribe",
  "visit",
  "hurry",
  "limited time",
  "attractive",
  "compelling",
  "solid choice",
  "strong choice",
  "smart choice",
  "good choice",
  "top choice",
  "favorite",
  "favourite",
];

const ADVICE = [
  "should",
  "recommend",
  "recommended",
  "recommends",
  "advise",
  "advised",
  "consider",
  "considering",
  "worth",
  "buy",
  "buying",
  "purchase it",
  "negotiate",
  "negotiating",
  "you",
  "your",
  "shoppers",
  "look for",
  "avoid",
  "make sure",
  "be sure",
  "keep in mind",
  "opt for",
  "go for",
];

/** The model talking about itself, the request or its rules instead of the vehicle. */
const META = [
  "i",
  "i'm",
  "i've",
  "my",
  "as an ai",
  "language model",
  "facts provided",
  "provided facts",
  "given facts",
  "facts given",
  "facts element",
  "the facts",
  "these rules",
  "prompt",
  "instruction",
  "instructions",
  "paragraph",
  "sentence",
  "sentences",
  "word count",
  "here is",
  "here's",
  "sure",
  "certainly",
  "note:",
];

const NUMBER_WORDS: Record<string, string> = {
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  thirteen: "13",
  fourteen: "14",
  fifteen: "15",
  sixteen: "16",
  seventeen: "17",
  eighteen: "18",
  nineteen: "19",
  twenty: "20",
  thirty: "30",
  forty: "40",
  fifty: "50",
  sixty: "60",
  seventy: "70",
  eighty: "80",
  ninety: "90",
};
/** Words that can only come from arithmetic or outside knowledge, never from one of our fact lines. */
const COMPUTED = [
  "hundred",
  "hundreds",
  "thousand",
  "thousands",
  "million",
  "millions",
  "twice",
  "double",
  "triple",
  "half",
];

const ABBREVIATIONS = /\b(?:U\.S|e\.g|i\.e|approx|vs|Inc|Co|Corp|Ltd|St|No|Mr|Mrs|Dr)\./g;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const phrase = (p: string) => new RegExp(`(?<![\\w'-])${escape(p)}(?![\\w'-])`, "i");

/** Figures in a text, normalised: "$28,450" → "28450", "5.50%" → "5.5", "2.5" → "2.5". */
export function figuresIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\d+(?:,\d{3})*(?:\.\d+)?/g)) out.push(String(Number(m[0].replace(/,/g, ""))));
  return out;
}

function allowedFiguresOf(factText: string): Set<string> {
  return new Set(figuresIn(factText));
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * Sentence ends: ".", "!" or "?" before a space or the end, except in common abbreviations, decimals, and words
 * the facts themselves spell with a period (a model named "Long Conv." does not end a sentence).
 */
export function countSentences(text: string, factText = ""): number {
  let masked = text.replace(ABBREVIATIONS, (m) => m.replace(/\./g, "·")).replace(/(\d)\.(\d)/g, "$1·$2");
  for (const word of new Set(factText.match(/[A-Za-z][\w-]*\.(?=\s|$)/g) ?? [])) {
    masked = masked.replace(new RegExp(`${escape(word)}(?=\\s+[a-z0-9,;])`, "g"), word.replace(/\./g, "·"));
  }
  return (masked.match(/[.!?]+(?=\s|$)/g) ?? []).length;
}

export function validateInsight(raw: string, factText: string): Validation {
  const text = raw.trim();
  if (!text) return { ok: false, problem: "it is empty" };
  if (/[\r\n]/.test(text)) return { ok: false, problem: "it must be a single paragraph without line breaks" };
  if (/[*#_`<>[\]{}|~]|https?:|www\./i.test(text) || /^["'“‘-]/.test(text) || /["'”’]$/.test(text)) {
    return { ok: false, problem: "it must be plain text, without markdown, markup, quotation marks or links" };
  }
  if (!/[.]$/.test(text)) return { ok: false, problem: "it must end with a full stop" };
  if (text.includes("!")) return { ok: false, problem: "it must not contain exclamation marks" };

  const words = countWords(text);
  if (words > MAX_WORDS) return { ok: false, problem: `it has ${words} words; the limit is ${MAX_WORDS}` };
  const sentences = countSentences(text, factText);
  if (sentences < MIN_SENTENCES || sentences > MAX_SENTENCES) {
    return { ok: false, problem: `it has ${sentences} sentences; it must have ${MIN_SENTENCES} or ${MAX_SENTENCES}` };
  }

  const allowed = allowedFiguresOf(factText);
  const strange = figuresIn(text).filter((f) => !allowed.has(f));
  if (strange.length)
    return { ok: false, problem: `it contains figures that are not in the facts: ${strange.join(", ")}` };
  for (const [word, digits] of Object.entries(NUMBER_WORDS)) {
    if (phrase(word).test(text) && !allowed.has(digits)) {
      return { ok: false, problem: `it contains a number that is not in the facts: ${word}` };
    }
  }
  for (const word of COMPUTED) {
    if (phrase(word).test(text)) return { ok: false, problem: `it contains a computed or outside figure: ${word}` };
  }

  const factsLower = factText.toLowerCase();
  const hit = (list: string[]) => list.find((p) => phrase(p).test(text) && !phrase(p).test(factsLower));
  const promo = hit(PROMOTION);
  if (promo) return { ok: false, problem: `it uses promotional language ("${promo}")` };
  const advice = hit(ADVICE);
  if (advice) return { ok: false, problem: `it gives advice or addresses the reader ("${advice}")` };
  const meta = hit(META);
  if (meta) return { ok: false, problem: `it talks about the request instead of the vehicle ("${meta}")` };
  return { ok: true, text };
}

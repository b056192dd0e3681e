/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests of GET /metrics: it throws
 * on what Prometheus would refuse or misread (a sample of no declared family, a bad name, an unescaped label
 * value, a value that is not a number, a family declared twice, a histogram whose buckets fall or lack +Inf).
 */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const SUFFIXES: Record<Family["type"], string[]> = {
  counter: [""],
  gauge: [""],
  untyped: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

/** A float as Prometheus reads one (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  const lower = text.toLowerCase();
  if (lower === "+inf" || lower === "inf") return Infinity;
  if (lower === "-inf") return -Infinity;
  if (lower === "nan") return NaN;
  const n = Number(text);
  if (text === "" || Number.isNaN(n)) throw new Error(`not a number in: ${line}`);
  return n;
}

/** `{a="x",b="y\"z"}` → labels, and where the block ends. */
function parseLabels(line: string, start: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = start + 1;
  while (line[i] !== "}") {
    const eq = line.indexOf("=", i);
    const name = line.slice(i, eq);
    if (!LABEL.test(name) || line[eq + 1] !== '"') throw new Error(`bad label in: ${line}`);
    let value = "";
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] === "\\") {
        const next = line[++j];
        if (next === "n") value += "\n";
        else if (next === "\\" || next === '"') value += next;
        else throw new Error(`bad escape in: ${line}`);
      } else value += line[j];
    }
    if (j >= line.length) throw new Error(`unterminated label value in: ${line}`);
    if (name in labels) throw new Error(`label ${name} twice in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (line[i] === ",") i++;
    else if (line[i] !== "}") throw new Error(`bad label list in: ${line}`);
  }
  return { labels, end: i + 1 };
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sampleName: string): Family | undefined => {
    for (const family of families.values()) {
      if (SUFFIXES[family.type].some((suffix) => sampleName === family.name + suffix)) return family;
    }
    return undefined;
  };
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      if (!NAME.test(name)) throw new Error(`bad metric name: ${name}`);
      const family = families.get(name) ?? { name, type: "untyped", help: "", samples: [] };
      if (kind === "TYPE") {
        if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(rest))
          throw new Error(`bad type in: ${line}`);
        if (family.samples.length) throw new Error(`TYPE after samples of ${name}`);
        family.type = rest as Family["type"];
      } else {
        if (families.has(name) && family.help) throw new Error(`HELP of ${name} twice`);
        family.help = rest;
      }
      families.set(name, family);
      continue;
    }
    if (line.startsWith("#")) continue;
    const nameEnd = line.search(/[{ ]/);
    const name = line.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`bad sample name in: ${line}`);
    let labels: Record<string, string> = {};
    let rest = line.slice(nameEnd);
    if (rest.startsWith("{")) {
      const parsed = parseLabels(line, nameEnd);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    const [valueText, timestamp, extra] = rest.trim().split(/\s+/);
    if (extra !== undefined || (timestamp !== undefined && !/^-?\d+$/.test(timestamp)))
      throw new Error(`bad sample: ${line}`);
    const family = familyOf(name);
    if (!family) throw new Error(`sample of no declared family: ${line}`);
    family.samples.push({ name, labels, value: parseValue(valueText, line) });
  }
  for (const family of families.values()) if (family.type === "histogram") checkHistogram(family);
  return families;
}

/** Each series of a histogram: buckets that never fall, ending at +Inf equal to its _count. */
function checkHistogram(family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  const keyOf = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([k]) => k !== "le")
        .sort(),
    );
  for (const s of family.samples) {
    const entry = series.get(keyOf(s.labels)) ?? { buckets: [] };
    if (s.name.endsWith("_bucket")) entry.buckets.push([parseValue(s.labels.le ?? "", s.name), s.value]);
    if (s.name.endsWith("_count")) entry.count = s.value;
    series.set(keyOf(s.labels), entry);
  }
  for (const [key, { buckets, count }] of series) {
    buckets.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < buckets.length; i++)
      if (buckets[i][1] < buckets[i - 1][1]) throw new Error(`${family.name}${key}: a bucket falls`);
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity || last[1] !== count)
      throw new Error(`${family.name}${key}: no +Inf bucket equal to _count`);
  }
}

/** The sum of a family's samples named `sample` (default: the family's own name) whose labels include `where`. */
export function total(
  families: Map<string, Family>,
  family: string,
  where: Record<string, string> = {},
  sample = family,
): number {
  return (families.get(family)?.samples ?? [])
    .filter((s) => s.name === sample && Object.entries(where).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

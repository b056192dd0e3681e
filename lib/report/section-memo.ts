/**
 * A short-lived, per-process memo of report sections that depend only on the year/make/model (pricing,
 * recalls). Thousands of distinct VINs share a few hundred vehicles, so a busy instance answers most sections
 * from memory instead of the database. Only settled answers are kept (a section degraded by an outage or a
 * deadline is asked again next time), and only for REPORT_SECTION_MEMO_MS, far inside the sources' own freshness (pricing changes on
 * import, recalls are cached 6 hours), so a report is never older than that plus its source.
 */
export class SectionMemo<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
  ) {}

  async get(key: string, load: () => Promise<T>, keep: (value: T) => boolean, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await load();
    if (this.ttlMs > 0 && keep(value)) {
      this.entries.delete(key);
      this.entries.set(key, { value, until: now + this.ttlMs });
      // Map iteration is insertion order: the first key is the oldest entry.
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return value;
  }
}

import { presentNotice, presentSection, sourceText, statusWords } from "./present";
import { SECTION_REASONS, SECTION_STATUSES, sectionReason, sectionStatus } from "./status";

const ratings = { what: "crash-test ratings", from: "NHTSA" };

describe("the presenter words a section's status for people", () => {
  test("no status and no reason is worded with a code, a wait in milliseconds or an instruction", () => {
    for (const status of SECTION_STATUSES)
      for (const reason of [...SECTION_REASONS, null, "something_new"]) {
        const text = presentSection({ ...ratings, status, reason, asOf: "2026-10-01T08:00:00.000Z" });
        expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
        expect(text).not.toMatch(/\d+ ?ms\b|within \d/);
        expect(text).not.toMatch(/ask again|try again|retry|you should/i);
      }
  });

  test("a failure that came at once 'could not be reached'; only a real timeout 'did not answer in time'", () => {
    for (const reason of ["network_error", "breaker_open"])
      expect(presentSection({ ...ratings, status: "unavailable", reason })).toBe(
        "Crash-test ratings: not known; NHTSA could not be reached, and no earlier answer is stored.",
      );
    expect(presentSection({ ...ratings, status: "unavailable", reason: "timeout" })).toBe(
      "Crash-test ratings: not known; NHTSA did not answer in time, and no earlier answer is stored.",
    );
  });

  test("each status says what is known", () => {
    expect(presentSection({ ...ratings, status: "ok" })).toBe("");
    expect(presentSection({ ...ratings, status: "stale", reason: "breaker_open", asOf: "2026-10-01T08:00:00Z" })).toBe(
      "Crash-test ratings: the last known answer, as of 2026-10-01; NHTSA could not be reached.",
    );
    expect(presentSection({ ...ratings, status: "pending", reason: "asking" })).toBe(
      "Crash-test ratings: not known yet; NHTSA is being asked, and its answer is stored when it comes.",
    );
    expect(presentSection({ ...ratings, status: "unavailable", reason: "offline" })).toBe(
      "Crash-test ratings: not known; this server works without NHTSA, and nothing it holds covers this vehicle.",
    );
    expect(presentSection({ what: "recalls", from: "NHTSA", status: "unavailable", reason: "no_model" })).toBe(
      "Recalls: not known; NHTSA lists them per model, and the model is not known.",
    );
    const investigations = { what: "defect investigations", from: "NHTSA" };
    expect(presentSection({ ...investigations, status: "unavailable", reason: "not_synced" })).toBe(
      "Defect investigations: not known; NHTSA publishes them as a file, and this server has not copied it yet.",
    );
    expect(presentNotice([{ ...investigations, status: "unavailable", reason: "not_synced" }])?.lines).toEqual([
      {
        key: "not_synced-defect investigations",
        text: "Defect investigations are not shown: NHTSA publishes them as a file, and this server has not copied it yet.",
      },
    ]);
  });

  test("a JSON source text is the attribution, then the status in the same words", () => {
    expect(sourceText("NHTSA 5-Star Safety Ratings (NCAP)", { ...ratings, status: "ok" })).toBe(
      "NHTSA 5-Star Safety Ratings (NCAP)",
    );
    expect(sourceText("NCAP", { ...ratings, status: "unavailable", reason: "busy" })).toBe(
      `NCAP: ${statusWords({ ...ratings, status: "unavailable", reason: "busy" })}`,
    );
  });
});

describe("the one notice of a page", () => {
  const online = { online: true };
  test("is absent when every section is ok", () => {
    expect(presentNotice([{ ...ratings, status: "ok", ...online }])).toBeNull();
  });

  test("names every source that did not answer and every section not shown, once", () => {
    const notice = presentNotice([
      {
        what: "open recalls",
        from: "NHTSA",
        status: "unavailable",
        reason: "breaker_open",
        ...online,
        checkAt: { label: "nhtsa.gov/recalls", url: "https://www.nhtsa.gov/recalls" },
      },
      { ...ratings, status: "unavailable", reason: "network_error", ...online },
      { what: "fuel economy", from: "fueleconomy.gov", status: "unavailable", reason: "deadline", ...online },
      {
        what: "owner complaints",
        from: "NHTSA",
        status: "stale",
        reason: "timeout",
        asOf: "2026-09-30T00:00:00Z",
        ...online,
      },
    ])!;
    expect(notice.heading).toBe("Some sources are not available right now");
    expect(notice.lines.map((l) => l.text)).toEqual([
      "This server gets no answer from NHTSA or fueleconomy.gov right now, and holds nothing earlier for this " +
        "vehicle, so this page does not show open recalls, crash-test ratings or fuel economy.",
      "Owner complaints: the last answer NHTSA gave, as of 2026-09-30.",
    ]);
    expect(notice.checkAt).toEqual([
      { what: "open recalls", label: "nhtsa.gov/recalls", url: "https://www.nhtsa.gov/recalls" },
    ]);
    expect(notice.leavesOut).toBe(true);
  });

  test("tells a source switched off from one out of reach, and a section still loading", () => {
    const off = presentNotice([{ ...ratings, status: "unavailable", reason: "offline", online: false }])!;
    expect(off.heading).toBe("Some sections are not covered by this server's data");
    expect(off.lines[0].text).toMatch(/^This server is set up to work without NHTSA/);
    const loading = presentNotice([{ ...ratings, status: "pending", reason: "asking", ...online }])!;
    expect(loading.heading).toBe("Some sections are still loading");
    expect(loading.lines.map((l) => l.text)).toEqual([
      "This page shows crash-test ratings once fetched: reload it in a moment.",
    ]);
    expect(loading.leavesOut).toBe(false);
  });
});

describe("the status vocabulary", () => {
  test("is one list, in the OpenAPI schema of every section", () => {
    expect(sectionStatus().options).toEqual([...SECTION_STATUSES]);
  });

  test("a reason the list does not know is 'failed'", () => {
    expect(sectionReason("breaker_open")).toBe("breaker_open");
    expect(sectionReason("something_new")).toBe("failed");
    expect(sectionReason(null)).toBe("failed");
  });
});

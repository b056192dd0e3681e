/** The FLAT_INV line reader's rules: 11 TAB-separated fields, real dates, year 9999, the action number's type. */
import { flatDate, parseFlatInvLine } from "./flat-inv";

const line = (over: Partial<Record<number, string>> = {}) => {
  const fields = ["PE24013", "FORD", "F-150", "2021", "BRAKES", "FORD MOTOR COMPANY", "20240502", "", "", "S", "T"];
  for (const [i, v] of Object.entries(over)) fields[Number(i)] = v!;
  return fields.join("\t");
};

describe("FLAT_INV lines", () => {
  test("an open investigation: keys from lib/vehicle, closedOn null, no recall", () => {
    const r = parseFlatInvLine(line());
    expect(r).toMatchObject({
      ok: true,
      investigation: { actionNumber: "PE24013", openedOn: "2024-05-02", closedOn: null, campaignNumber: null },
      vehicle: { year: 2021, make: "FORD", model: "F-150", makeKey: "FORD", modelKey: "F150" },
    });
  });

  test("a closed one with its recall; a campaign number not in NHTSA's form links to nothing", () => {
    expect(parseFlatInvLine(line({ 7: "20250110", 8: "25v012000" }))).toMatchObject({
      ok: true,
      investigation: { closedOn: "2025-01-10", campaignNumber: "25V012000" },
    });
    expect(parseFlatInvLine(line({ 8: "N/A" }))).toMatchObject({ ok: true, investigation: { campaignNumber: null } });
  });

  test("year 9999 (unknown) and a row without a model keep the investigation, with no vehicle", () => {
    expect(parseFlatInvLine(line({ 3: "9999" }))).toMatchObject({ ok: true, vehicle: null });
    expect(parseFlatInvLine(line({ 2: " " }))).toMatchObject({ ok: true, vehicle: null });
  });

  test("malformed rows, each under its reason", () => {
    expect(parseFlatInvLine(line() + "\textra")).toEqual({ ok: false, reason: "columns" });
    expect(parseFlatInvLine("PE24013\tFORD")).toEqual({ ok: false, reason: "columns" });
    expect(parseFlatInvLine(line({ 0: "XX24013" }))).toEqual({ ok: false, reason: "bad_action" });
    expect(parseFlatInvLine(line({ 0: "PE2401" }))).toEqual({ ok: false, reason: "bad_action" });
    expect(parseFlatInvLine(line({ 6: "20240230" }))).toEqual({ ok: false, reason: "bad_date" });
    expect(parseFlatInvLine(line({ 7: "2024" }))).toEqual({ ok: false, reason: "bad_date" });
    expect(parseFlatInvLine(line({ 3: "21" }))).toEqual({ ok: false, reason: "bad_year" });
    expect(parseFlatInvLine(line({ 3: "1850" }))).toEqual({ ok: false, reason: "bad_year" });
  });

  test("dates: YYYYMMDD that exist on the calendar", () => {
    expect(flatDate("20240229")).toBe("2024-02-29");
    expect(flatDate("20230229")).toBeNull();
    expect(flatDate("2024-02-01")).toBeNull();
  });
});

/** Complaint rows read and summarised; a real complaintsByVehicle row (tests/fixtures/buyer-data/SOURCES.md). */
import real from "../../tests/fixtures/buyer-data/complaints-1987-jeep-wrangler.json";
import type { ComplaintItem } from "../sources";
import { complaintFromApiRow, isoDate, resultRows, splitComponents, summarizeComplaints } from "./complaint-rows";

const item = (
  odiNumber: number,
  filedOn: string,
  components: string[],
  extra: Partial<ComplaintItem> = {},
): ComplaintItem => ({
  odiNumber,
  filedOn,
  incidentOn: null,
  components,
  summary: "s",
  crash: false,
  fire: false,
  injuries: 0,
  deaths: 0,
  ...extra,
});

describe("complaint rows", () => {
  it("reads NHTSA's answer", () => {
    const rows = resultRows(real)!;
    expect(complaintFromApiRow(rows[0])).toMatchObject({
      odiNumber: 11055305,
      filedOn: "2017-12-18",
      incidentOn: "2017-12-01",
      components: ["SERVICE BRAKES"],
      crash: false,
      injuries: 0,
    });
    expect(resultRows({ nope: 1 })).toBeNull();
    expect(complaintFromApiRow({ summary: "no number" })).toBeNull();
  });

  it("reads both date formats and splits components", () => {
    expect(isoDate("12/18/2017")).toBe("2017-12-18");
    expect(isoDate("20171218")).toBe("2017-12-18");
    expect(isoDate("00000000")).toBeNull();
    expect(splitComponents("ENGINE, SERVICE BRAKES,ENGINE")).toEqual(["ENGINE", "SERVICE BRAKES"]);
  });

  it("summarises: count once per complaint, per component, newest first", () => {
    const s = summarizeComplaints([
      item(1, "2020-01-02", ["ENGINE"]),
      item(2, "2021-05-01", ["ENGINE", "AIR BAGS"], { crash: true, injuries: 2 }),
      item(2, "2021-05-01", ["STEERING"]), // the same complaint under a second model name
      item(3, "2019-03-03", ["AIR BAGS"], { fire: true, deaths: 1 }),
    ]);
    expect(s.count).toBe(3);
    expect(s).toMatchObject({ crashes: 1, fires: 1, injuries: 2, deaths: 1 });
    expect(s.byComponent).toEqual([
      { component: "AIR BAGS", count: 2 },
      { component: "ENGINE", count: 2 },
      { component: "STEERING", count: 1 },
    ]);
    expect(s.newest.map((c) => c.odiNumber)).toEqual([2, 1, 3]);
  });

  it("no complaints is a real zero only when NHTSA answered", () => {
    expect(summarizeComplaints([]).count).toBe(0);
  });
});

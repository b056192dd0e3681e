/** What one decode pass (one VIN, one model year) knows before it looks at any pattern. */
import type { VpicData, WmiRecord } from "../vpic-data";

export interface PassContext {
  data: VpicData;
  /** Upper-cased, trimmed. */
  vin: string;
  /** Positions 4-8, `|`, 10-17 (format.ts patternKeyOf). */
  vinKey: string;
  /** The WMI when NHTSA publishes it (null: error 7). */
  wmi: WmiRecord | null;
  /** The WMI whether published or not (its vehicle type still decides the serial-digit rule). */
  anyWmi: WmiRecord | null;
  year: number | null;
  conclusive: boolean;
  /** Key text of the model-year row: how the year was read. */
  modelYearSource: string;
  /** Insertion order of rows added after the Pattern rows. */
  nextSeq: () => number;
}

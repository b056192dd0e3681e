/**
 * What a batch of events is about, read from the stores in one query per source: the US campaigns, the Transport
 * Canada recalls and the investigations the events name. Delivery and the digest read them at each attempt, so an
 * event carries the texts as the store holds them when it is sent.
 */
import { canadaRecallItems } from "../canada-recalls";
import { investigationItems } from "../investigations";
import { campaignTexts } from "../recalls";
import { subjectKind, type EventRow, type Subject } from "./event-body";

type Named = Pick<EventRow, "type" | "country" | "campaignNumber">;

/** For each event of `events`, what it is about (undefined for a test event). */
export async function subjectsOf(events: readonly Named[]): Promise<(e: Named) => Subject | undefined> {
  const numbers = (kind: Subject["kind"]) => [
    ...new Set(events.filter((e) => subjectKind(e) === kind).map((e) => e.campaignNumber!)),
  ];
  const [us, canada, investigations] = await Promise.all([
    campaignTexts(numbers("us-recall")).then((list) => new Map(list.map((c) => [c.campaignNumber, c]))),
    canadaRecallItems(numbers("canada-recall")),
    investigationItems(numbers("investigation")),
  ]);
  return (e) => {
    const kind = subjectKind(e);
    const n = e.campaignNumber!;
    if (kind === "us-recall") return { kind, campaign: us.get(n) };
    if (kind === "canada-recall") return { kind, recall: canada.get(n) };
    if (kind === "investigation") return { kind, investigation: investigations.get(n) };
    return undefined;
  };
}

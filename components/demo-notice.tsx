import { demoSentence } from "@/lib/pricing";
// The banner every page shows above figures that come, wholly or partly, from the generated demo deals: the
// pricing pages, the market overview and the VIN page's "What buyers paid" card alike.
export function DemoNotice({ demoDeals, deals }: { demoDeals: number | null; deals: number }) {
  const sentence = demoSentence(demoDeals, deals);
  if (!sentence) return null;
  return (
    <p className="notice notice-warn" role="note" data-testid="demo-notice">
      <strong>Demo data.</strong> {sentence}
    </p>
  );
}

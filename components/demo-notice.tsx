// The banner every page shows above figures that come, wholly or partly, from the generated demo deals: the
// pricing pages, the market overview and the VIN page's "What buyers paid" card alike.
export function DemoNotice({ demoDeals, deals }: { demoDeals: number; deals: number }) {
  if (demoDeals <= 0) return null;
  return (
    <p className="notice notice-warn" role="note" data-testid="demo-notice">
      <strong>Demo data.</strong>{" "}
      {demoDeals >= deals
        ? "These figures come from vinscope's generated demo data set, not from real transactions."
        : `Some of these figures come from vinscope's generated demo data set: ${demoDeals.toLocaleString("en-US")} of ${deals.toLocaleString("en-US")} deals are generated samples, not real transactions.`}
    </p>
  );
}

// The notice the market and pricing pages show when their figures come from the generated demo deals.
import { demoNotice, isDemoText } from "@/lib/pricing";

export function DemoNotice({ source }: { source: string }) {
  if (!isDemoText(source)) return null;
  return (
    <p className="notice notice-warn" role="note" data-testid="demo-notice">
      <strong>Demo data.</strong> {demoNotice(source)}
    </p>
  );
}

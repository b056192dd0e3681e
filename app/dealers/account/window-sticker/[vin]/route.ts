// The archived window-sticker PDF for the signed-in dealer's account page (its "Original PDF" link): the session
// cookie stands for the API key a link cannot carry. Only the archive is read; no manufacturer is asked.
import { findArchived } from "@/lib/stickers/archive";
import { normalizeVin } from "@/lib/vin";
import { mayReadStickers } from "../access";

export const dynamic = "force-dynamic";

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export async function GET(_req: Request, { params }: { params: Promise<{ vin: string }> }) {
  // Loaded when a PDF is asked for: Better Auth ships ES modules only, and the route table's test imports every
  // route file under Jest's CommonJS loader (lib/http/api-routes.test.ts).
  const { currentAccount } = await import("@/lib/accounts/session");
  const account = await currentAccount();
  if (!account) return text(401, "Sign in at /dealers/sign-in to open window stickers.");
  if (!mayReadStickers(account)) return text(403, "This account's keys are refused now, and so are its stickers.");
  const vin = normalizeVin((await params).vin);
  if (!vin.ok) return text(404, "Not a VIN.");
  const archived = await findArchived(vin.vin);
  if (!archived) return text(404, `No window sticker is archived for ${vin.vin}.`);
  return new Response(new Uint8Array(archived.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-length": String(archived.pdf.length),
      "cache-control": "private, max-age=86400",
      "content-disposition": `inline; filename="${vin.vin}.pdf"`,
    },
  });
}

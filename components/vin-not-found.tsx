// The VIN permalink's not-found answer (status 404): what was typed, why it is not a VIN (or why it does not
// decode), and a box to try again. Next gives a not-found page no params: the path comes from proxy.ts, which
// also sends a malformed VIN straight to the root not-found page (see vinNotFoundRewrite there).
import Link from "next/link";
import { headers } from "next/headers";
import { VinSearch } from "@/components/vin-search";
import { PATH_HEADER } from "@/lib/http/request-path";
import { checkDigit, compactVinInput, normalizeVin } from "@/lib/vin";

export function typedVin(path: string | null): string | null {
  const match = /^\/vin\/([^/]+)\/?$/.exec(path ?? "");
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]).slice(0, 64);
  } catch {
    return match[1].slice(0, 64);
  }
}

export async function VinNotFound() {
  const typed = typedVin((await headers()).get(PATH_HEADER));
  const format = typed === null ? null : normalizeVin(compactVinInput(typed));
  const check = format?.ok ? checkDigit(format.vin) : null;
  return (
    <section className="card" aria-labelledby="vin-nf">
      <h1 id="vin-nf">We could not decode that VIN</h1>
      {typed !== null ? (
        <p data-testid="typed-vin">
          You asked for <code>{typed}</code>
          {format && !format.ok ? (
            <>
              , which is not a VIN: <strong data-testid="vin-problem">{format.detail}</strong>.
            </>
          ) : (
            <>
              . It is a well-formed VIN
              {check && !check.valid
                ? ` (though its check digit should be ${check.expected}, not ${check.actual}: it may be mistyped)`
                : ""}
              , but NHTSA&apos;s vPIC data holds no manufacturer code or pattern for it.
            </>
          )}
        </p>
      ) : null}
      <p>
        A VIN has exactly 17 characters: digits and letters, never I, O or Q. Check it against the vehicle&apos;s title,
        registration or the plate at the base of the windshield. Some VINs are valid but not in NHTSA&apos;s vPIC data
        (unregistered manufacturers, very old or non-US vehicles).
      </p>
      <h2>Try again</h2>
      <VinSearch defaultValue={typed ?? ""} />
      <p>
        <Link href="/">Back to the home page</Link>
      </p>
    </section>
  );
}

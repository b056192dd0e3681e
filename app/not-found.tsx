import Link from "next/link";
import { headers } from "next/headers";
import { VinNotFound, typedVin } from "@/components/vin-not-found";
import { PATH_HEADER } from "@/lib/http/request-path";

export default async function NotFound() {
  // A malformed VIN permalink is sent here by proxy.ts (Next renders a page's own notFound() without HTML
  // when JavaScript is off; this root page is server-rendered): answer it as the VIN page would.
  if (typedVin((await headers()).get(PATH_HEADER)) !== null) return <VinNotFound />;
  return (
    <section className="card" aria-labelledby="nf-h">
      <h1 id="nf-h">Page not found</h1>
      <p className="lead">
        There is nothing at this address. It may have been mistyped, or the vehicle is not in our data.
      </p>
      <ul>
        <li>
          <Link href="/">Decode a VIN</Link>: 17 characters, no I, O or Q.
        </li>
        <li>
          <Link href="/market">Browse market pricing</Link> by make and model.
        </li>
        <li>
          <Link href="/docs">Read the API documentation</Link>.
        </li>
      </ul>
    </section>
  );
}

import Link from "next/link";

export default function NotFound() {
  return (
    <section className="card">
      <h1>Page not found</h1>
      <p className="lead">There is nothing at this address. It may have been mistyped, or the vehicle is not in our data.</p>
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

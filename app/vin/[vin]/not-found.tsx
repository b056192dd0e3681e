import Link from "next/link";

export default function VinNotFound() {
  return (
    <section className="card">
      <h1>We could not decode that VIN</h1>
      <p className="lead">
        A VIN has exactly 17 characters: digits and letters, never I, O or Q. If yours has those, check it against
        the vehicle&apos;s title, registration or the plate at the base of the windshield.
      </p>
      <p>
        Some VINs are valid but not in NHTSA&apos;s vPIC data (unregistered manufacturers, very old or non-US vehicles).
      </p>
      <p>
        <Link href="/">Try another VIN</Link>
      </p>
    </section>
  );
}

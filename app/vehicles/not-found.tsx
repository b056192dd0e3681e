import Link from "next/link";

export default function VehicleNotFound() {
  return (
    <div>
      <h1>Vehicle not found</h1>
      <p>NHTSA&apos;s vPIC data has no such make, model or model year.</p>
      <p>
        <Link href="/vehicles">Browse the makes and models it has</Link>.
      </p>
    </div>
  );
}

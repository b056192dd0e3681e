// No deals for this vehicle (or a malformed address): say so and point to what exists.
import Link from "next/link";
import styles from "../../../pricing.module.css";

export default function PricingNotFound() {
  return (
    <main className={styles.page}>
      <h1>No pricing for this vehicle yet</h1>
      <p>
        There are no verified deals for this make, model and year (model years 2020 to 2030), or the address is not one
        of ours. Vehicle addresses look like <code>/pricing/land-rover/range-rover-sport/2024</code>.
      </p>
      <p>
        See the <Link href="/market">market overview</Link> for the models we have data for.
      </p>
    </main>
  );
}

/**
 * Demo data for a fresh database, so `npm start` shows a working service with nothing set up by hand.
 * Each seeder is idempotent and labels what it writes as demo data. Returns one summary line per seeder.
 */
import { seedDemoPricing } from "./pricing";

type Seeder = () => Promise<string>;

const SEEDERS: Seeder[] = [seedDemoPricing];

export async function seedDemoData(): Promise<string[]> {
  const lines: string[] = [];
  for (const seeder of SEEDERS) lines.push(await seeder());
  return lines;
}

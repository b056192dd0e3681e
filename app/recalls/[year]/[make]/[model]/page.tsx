// Recall check for one year/make/model: the page `recalls.url` points to (/recalls/2022/honda/civic).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RECALL_MIN_YEAR, recallMaxYear, type RecallsResponse } from "@/lib/api/recalls";
import { recallsForVehicle } from "@/lib/recalls/service";
import { canonicalVehicleNames } from "@/lib/recalls/vehicle-names";
import { RecallDisclaimer, RecallList, vehicleLabel } from "@/components/recall-list";
import styles from "../../../recalls.module.css";

export const dynamic = "force-dynamic";

type Params = Promise<{ year: string; make: string; model: string }>;

async function vehicleFrom(params: Params) {
  const { year, make, model } = await params;
  const y = Number(year);
  if (!/^\d{4}$/.test(year) || y < RECALL_MIN_YEAR || y > recallMaxYear()) notFound();
  const names = await canonicalVehicleNames(decodeURIComponent(make), decodeURIComponent(model));
  return { year: y, ...names };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const vehicle = await vehicleFrom(params);
  return {
    title: `Safety recalls: ${vehicleLabel(vehicle)}`,
    description: `Open NHTSA safety recall campaigns for the ${vehicleLabel(vehicle)}.`,
  };
}

export default async function RecallCheckPage({ params }: { params: Params }) {
  const vehicle = await vehicleFrom(params);
  const recalls: RecallsResponse = { ...vehicle, ...(await recallsForVehicle(vehicle)) };
  return (
    <div className={styles.page}>
      <h1>Safety recalls: {vehicleLabel(vehicle)}</h1>
      <p className="lead">
        Recall campaigns NHTSA lists for this model year, make and model. <a href="/recalls">Check another vehicle or a VIN</a>.
      </p>
      <RecallDisclaimer />
      <RecallList recalls={recalls} />
    </div>
  );
}

// Recall check for one year/make/model: the page `recalls.url` points to (/recalls/2022/honda/civic).
import Link from "next/link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  RECALL_MIN_YEAR,
  recallMaxYear,
  type RecallsResponse,
  recallsForYearMakeModel,
  canonicalVehicleNames,
} from "@/lib/recalls";
import { modelYearWithin } from "@/lib/vehicle";
import { RecallDisclaimer, RecallList, vehicleLabel } from "@/components/recall-list";
import { SourceNotice } from "@/components/source-notice";
import { NHTSA_RECALL_CHECK, sourceSections } from "@/app/vin/[vin]/report-sources";
import styles from "../../../recalls.module.css";

export const dynamic = "force-dynamic";

type Params = Promise<{ year: string; make: string; model: string }>;

/** The Atom feed of this vehicle's campaigns (feed.xml/route.ts). */
const feedPath = (p: { year: string; make: string; model: string }) =>
  `/recalls/${p.year}/${p.make}/${p.model}/feed.xml`;

/** The vehicle as the URL names it (a year out of range is a 404). */
async function vehicleFrom(params: Params) {
  const { year, make, model } = await params;
  const y = modelYearWithin(year, RECALL_MIN_YEAR, recallMaxYear());
  if (y === null) notFound();
  return { year: y, make: decodeURIComponent(make), model: decodeURIComponent(model) };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const asked = await vehicleFrom(params);
  const vehicle = { year: asked.year, ...(await canonicalVehicleNames(asked.make, asked.model)) };
  return {
    title: `Safety recalls: ${vehicleLabel(vehicle)}`,
    description: `Open NHTSA safety recall campaigns for the ${vehicleLabel(vehicle)}.`,
    alternates: { types: { "application/atom+xml": feedPath(await params) } },
  };
}

export default async function RecallCheckPage({ params }: { params: Params }) {
  const recalls: RecallsResponse = await recallsForYearMakeModel(await vehicleFrom(params));
  const feed = feedPath(await params);
  return (
    <div className={styles.page}>
      <h1>Safety recalls: {vehicleLabel(recalls)}</h1>
      <p className="lead">
        Recall campaigns NHTSA lists for this model year, make and model.{" "}
        <Link href="/recalls">Check another vehicle or a VIN</Link> or{" "}
        <a href={feed}>follow new campaigns (Atom feed)</a>.
      </p>
      <SourceNotice sections={sourceSections({ recalls }, NHTSA_RECALL_CHECK)} />
      <RecallDisclaimer />
      <RecallList recalls={recalls} />
    </div>
  );
}

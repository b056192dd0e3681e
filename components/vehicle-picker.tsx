"use client";
// The make → model → year picker (the home page, and a make's page with its make fixed). Without JavaScript it
// is a plain GET form to /vehicles, which redirects: a make alone to the make's page, where the picker offers its
// models and years; a make, model and year to the vehicle's page. With JavaScript, choosing a make fills the
// model list from the catalog API and choosing a model its years, so the vehicle's page is one submit away.
import { useId, useState } from "react";
import useSWR from "swr";
import { yearsOfRanges } from "@/lib/vehicle/model-year";
import styles from "./vehicle-picker.module.css";

export interface PickerMake {
  name: string;
  slug: string;
}

export interface PickerModel {
  name: string;
  slug: string;
  years: { from: number; to: number }[];
}

interface ModelsAnswer {
  models: PickerModel[];
}

async function fetchModels(url: string): Promise<PickerModel[]> {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`models failed (${res.status})`);
  return ((await res.json()) as ModelsAnswer).models;
}

/** `makes` to choose from; or `fixed`, one make with its `models` (a make's page: another make is a page away). */
export function VehiclePicker(props: {
  makes?: PickerMake[];
  fixed?: PickerMake;
  models?: PickerModel[];
  model?: string;
  year?: number;
}) {
  const [make, setMake] = useState(props.fixed?.slug ?? "");
  const [model, setModel] = useState(props.model ?? "");
  const [year, setYear] = useState(props.year ? String(props.year) : "");
  // The server gave the models of its make; another make's come from the catalog API.
  const { data: fetched } = useSWR(
    make && !props.fixed ? `/api/public/models?make=${encodeURIComponent(make)}` : null,
    fetchModels,
    {
      revalidateOnFocus: false,
    },
  );
  const models = props.fixed ? props.models : fetched;
  const chosen = models?.find((m) => m.slug === model);
  const years = yearsOfRanges(chosen ? chosen.years : (models ?? []).flatMap((m) => m.years));
  // Labels name their select by id: a label wrapping a select would take the options' text into its name.
  const id = useId();

  return (
    <form
      method="get"
      action="/vehicles"
      className={styles.picker}
      data-testid="vehicle-picker"
      aria-label="Find a vehicle by make, model and year"
    >
      {props.fixed ? (
        <input type="hidden" name="make" value={props.fixed.slug} />
      ) : (
        <div>
          <label htmlFor={`${id}-make`}>Make</label>
          <select
            id={`${id}-make`}
            name="make"
            value={make}
            required
            onChange={(e) => {
              setMake(e.target.value);
              setModel("");
              setYear("");
            }}
          >
            <option value="">Choose a make</option>
            {(props.makes ?? []).map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {models ? (
        <>
          <div>
            <label htmlFor={`${id}-model`}>Model</label>
            <select id={`${id}-model`} name="model" value={model} onChange={(e) => setModel(e.target.value)}>
              <option value="">Any model</option>
              {models.map((m) => (
                <option key={m.slug} value={m.slug}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-year`}>Year</label>
            <select id={`${id}-year`} name="year" value={year} onChange={(e) => setYear(e.target.value)}>
              <option value="">Newest</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
        </>
      ) : null}
      <button type="submit">{models ? "Show vehicle" : "Show models"}</button>
    </form>
  );
}

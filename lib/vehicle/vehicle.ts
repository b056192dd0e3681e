/**
 * A vehicle as every domain keys its data: model year, make and model. The names are as a source spells
 * them (vPIC's "HONDA"/"Accord", a deal's "Land Rover"); lib/vehicle/names.ts says when two spellings name
 * the same vehicle, and lib/vehicle/slugs.ts turns them into URL slugs.
 */
export interface VehicleQuery {
  year: number;
  make: string;
  model: string;
}

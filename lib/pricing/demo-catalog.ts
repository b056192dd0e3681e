/**
 * The vehicles of the demo data set: current US models with their trims' base MSRPs (model year 2025, US
 * dollars, before destination), a market segment and a sales weight (roughly relative US volume). The MSRPs
 * are close to the manufacturers' published 2025 prices, but the deals generated from them are NOT real
 * transactions: every demo deal is labelled `source = "demo"` (lib/pricing/deal-source.ts).
 */
export type Segment =
  | "compact-car"
  | "midsize-car"
  | "subcompact-suv"
  | "compact-suv"
  | "midsize-suv"
  | "fullsize-suv"
  | "pickup"
  | "hd-pickup"
  | "minivan"
  | "sports"
  | "ev"
  | "ev-direct"
  | "luxury-car"
  | "luxury-suv";

export interface CatalogModel {
  make: string;
  model: string;
  segment: Segment;
  weight: number;
  /** Model years on sale in the demo window (default 2023-2026). */
  years?: readonly number[];
  trims: readonly (readonly [trim: string, msrp2025: number])[];
}

/** Mean percent off MSRP by segment, for a model-year-2025 vehicle sold in 2025. */
export const SEGMENT_DISCOUNT: Record<Segment, number> = {
  "compact-car": 4.0,
  "midsize-car": 5.0,
  "subcompact-suv": 3.5,
  "compact-suv": 4.0,
  "midsize-suv": 5.0,
  "fullsize-suv": 6.0,
  pickup: 8.5,
  "hd-pickup": 7.0,
  minivan: 4.5,
  sports: 3.0,
  ev: 11.0,
  "ev-direct": 2.5,
  "luxury-car": 7.0,
  "luxury-suv": 6.0,
};

/** Share of leases by segment; the rest is cash or financed purchases. */
export const SEGMENT_LEASE_SHARE: Record<Segment, number> = {
  "compact-car": 0.28,
  "midsize-car": 0.3,
  "subcompact-suv": 0.27,
  "compact-suv": 0.32,
  "midsize-suv": 0.3,
  "fullsize-suv": 0.25,
  pickup: 0.12,
  "hd-pickup": 0.05,
  minivan: 0.25,
  sports: 0.2,
  ev: 0.55,
  "ev-direct": 0.25,
  "luxury-car": 0.55,
  "luxury-suv": 0.5,
};

/** Brand pricing power: percentage points added to the segment's mean discount. */
export const BRAND_DISCOUNT_OFFSET: Record<string, number> = {
  Toyota: -2.5,
  Lexus: -3.0,
  Honda: -1.5,
  Subaru: -1.0,
  Kia: -1.0,
  Hyundai: 0,
  Mazda: 0.5,
  Ford: 1.0,
  Chevrolet: 1.5,
  GMC: 1.5,
  Ram: 3.0,
  Jeep: 3.5,
  Dodge: 3.0,
  Chrysler: 4.0,
  Nissan: 3.0,
  Volkswagen: 2.0,
  Mitsubishi: 3.0,
  Buick: 2.0,
  Cadillac: 2.0,
  Lincoln: 2.5,
  Genesis: 1.0,
  Volvo: 2.0,
  BMW: 0.5,
  "Mercedes-Benz": 1.0,
  Audi: 1.5,
  Acura: 1.5,
  "Land Rover": -1.0,
  Porsche: -2.0,
  Tesla: 0,
  Rivian: 1.0,
};

const Y24_26 = [2024, 2025, 2026] as const;
const Y23_25 = [2023, 2024, 2025] as const;
const Y25_26 = [2025, 2026] as const;

export const DEMO_CATALOG: readonly CatalogModel[] = [
  // Toyota
  {
    make: "Toyota",
    model: "Corolla",
    segment: "compact-car",
    weight: 9,
    trims: [
      ["LE", 22050],
      ["SE", 24750],
      ["XSE", 28150],
    ],
  },
  {
    make: "Toyota",
    model: "Camry",
    segment: "midsize-car",
    weight: 9,
    trims: [
      ["LE", 28400],
      ["SE", 31000],
      ["XLE", 34900],
      ["XSE", 34500],
    ],
  },
  {
    make: "Toyota",
    model: "RAV4",
    segment: "compact-suv",
    weight: 12,
    trims: [
      ["LE", 28850],
      ["XLE", 30995],
      ["XLE Premium", 34380],
      ["Limited", 37275],
    ],
  },
  {
    make: "Toyota",
    model: "Highlander",
    segment: "midsize-suv",
    weight: 6,
    trims: [
      ["LE", 39520],
      ["XLE", 44070],
      ["Limited", 48675],
      ["Platinum", 51730],
    ],
  },
  {
    make: "Toyota",
    model: "Grand Highlander",
    segment: "midsize-suv",
    weight: 3,
    years: Y24_26,
    trims: [
      ["XLE", 43070],
      ["Limited", 50985],
      ["Platinum", 55600],
    ],
  },
  {
    make: "Toyota",
    model: "Tacoma",
    segment: "pickup",
    weight: 8,
    trims: [
      ["SR", 31590],
      ["SR5", 36000],
      ["TRD Off-Road", 41500],
      ["Limited", 52000],
    ],
  },
  {
    make: "Toyota",
    model: "Tundra",
    segment: "pickup",
    weight: 5,
    trims: [
      ["SR", 40090],
      ["SR5", 46920],
      ["Limited", 55680],
      ["Platinum", 63995],
    ],
  },
  {
    make: "Toyota",
    model: "4Runner",
    segment: "midsize-suv",
    weight: 3,
    trims: [
      ["SR5", 40705],
      ["TRD Off-Road", 46000],
      ["Limited", 53000],
    ],
  },
  {
    make: "Toyota",
    model: "Prius",
    segment: "compact-car",
    weight: 3,
    trims: [
      ["LE", 28350],
      ["XLE", 31650],
      ["Limited", 35665],
    ],
  },
  {
    make: "Toyota",
    model: "Sienna",
    segment: "minivan",
    weight: 3,
    trims: [
      ["LE", 39185],
      ["XLE", 44415],
      ["Limited", 52295],
    ],
  },
  // Honda
  {
    make: "Honda",
    model: "Civic",
    segment: "compact-car",
    weight: 9,
    trims: [
      ["LX", 24250],
      ["Sport", 26450],
      ["EX", 28350],
      ["Sport Touring Hybrid", 33100],
    ],
  },
  {
    make: "Honda",
    model: "Accord",
    segment: "midsize-car",
    weight: 6,
    trims: [
      ["LX", 28295],
      ["SE", 30195],
      ["Sport Hybrid", 33655],
      ["Touring Hybrid", 39435],
    ],
  },
  {
    make: "Honda",
    model: "CR-V",
    segment: "compact-suv",
    weight: 11,
    trims: [
      ["LX", 30100],
      ["EX", 32650],
      ["Sport Hybrid", 34250],
      ["Sport Touring Hybrid", 40650],
    ],
  },
  {
    make: "Honda",
    model: "HR-V",
    segment: "subcompact-suv",
    weight: 5,
    trims: [
      ["LX", 25800],
      ["Sport", 27800],
      ["EX-L", 29950],
    ],
  },
  {
    make: "Honda",
    model: "Pilot",
    segment: "midsize-suv",
    weight: 5,
    trims: [
      ["Sport", 40200],
      ["EX-L", 43950],
      ["TrailSport", 48650],
      ["Elite", 52880],
    ],
  },
  {
    make: "Honda",
    model: "Odyssey",
    segment: "minivan",
    weight: 3,
    trims: [
      ["EX-L", 41400],
      ["Sport-L", 45500],
      ["Elite", 48020],
    ],
  },
  {
    make: "Honda",
    model: "Ridgeline",
    segment: "pickup",
    weight: 2,
    trims: [
      ["Sport", 40700],
      ["RTL", 44700],
      ["TrailSport", 46230],
      ["Black Edition", 47980],
    ],
  },
  // Ford
  {
    make: "Ford",
    model: "F-150",
    segment: "pickup",
    weight: 14,
    trims: [
      ["XL", 38810],
      ["XLT", 48030],
      ["Lariat", 64000],
      ["Platinum", 71000],
    ],
  },
  {
    make: "Ford",
    model: "Explorer",
    segment: "midsize-suv",
    weight: 5,
    trims: [
      ["Active", 40600],
      ["ST-Line", 44925],
      ["Platinum", 53780],
      ["ST", 56375],
    ],
  },
  {
    make: "Ford",
    model: "Escape",
    segment: "compact-suv",
    weight: 5,
    trims: [
      ["Active", 29995],
      ["ST-Line", 31995],
      ["Platinum", 37485],
    ],
  },
  {
    make: "Ford",
    model: "Bronco",
    segment: "midsize-suv",
    weight: 4,
    trims: [
      ["Big Bend", 44290],
      ["Badlands", 52000],
      ["Wildtrak", 59000],
    ],
  },
  {
    make: "Ford",
    model: "Bronco Sport",
    segment: "subcompact-suv",
    weight: 4,
    trims: [
      ["Big Bend", 31790],
      ["Outer Banks", 35890],
      ["Badlands", 39690],
    ],
  },
  {
    make: "Ford",
    model: "Maverick",
    segment: "pickup",
    weight: 5,
    trims: [
      ["XL", 28145],
      ["XLT", 30845],
      ["Lariat", 37000],
    ],
  },
  {
    make: "Ford",
    model: "Ranger",
    segment: "pickup",
    weight: 3,
    trims: [
      ["XL", 33350],
      ["XLT", 37175],
      ["Lariat", 46000],
      ["Raptor", 56960],
    ],
  },
  {
    make: "Ford",
    model: "Expedition",
    segment: "fullsize-suv",
    weight: 2,
    trims: [
      ["XLT", 61890],
      ["Limited", 72000],
      ["Platinum", 82000],
    ],
  },
  {
    make: "Ford",
    model: "Mustang",
    segment: "sports",
    weight: 3,
    trims: [
      ["EcoBoost", 31920],
      ["GT", 44090],
      ["Dark Horse", 61845],
    ],
  },
  {
    make: "Ford",
    model: "Mustang Mach-E",
    segment: "ev",
    weight: 3,
    trims: [
      ["Select", 39995],
      ["Premium", 48995],
      ["GT", 54995],
    ],
  },
  // Chevrolet
  {
    make: "Chevrolet",
    model: "Silverado 1500",
    segment: "pickup",
    weight: 13,
    trims: [
      ["WT", 37600],
      ["LT", 49500],
      ["RST", 55000],
      ["High Country", 65700],
    ],
  },
  {
    make: "Chevrolet",
    model: "Equinox",
    segment: "compact-suv",
    weight: 8,
    trims: [
      ["LS", 28600],
      ["LT", 30600],
      ["RS", 33800],
    ],
  },
  {
    make: "Chevrolet",
    model: "Equinox EV",
    segment: "ev",
    weight: 3,
    years: Y24_26,
    trims: [
      ["LT", 33600],
      ["RS", 44400],
    ],
  },
  {
    make: "Chevrolet",
    model: "Trax",
    segment: "subcompact-suv",
    weight: 7,
    trims: [
      ["LS", 21495],
      ["1RS", 23495],
      ["ACTIV", 24695],
    ],
  },
  {
    make: "Chevrolet",
    model: "Trailblazer",
    segment: "subcompact-suv",
    weight: 4,
    trims: [
      ["LS", 23100],
      ["LT", 25695],
      ["RS", 28495],
    ],
  },
  {
    make: "Chevrolet",
    model: "Tahoe",
    segment: "fullsize-suv",
    weight: 4,
    trims: [
      ["LS", 58195],
      ["LT", 63695],
      ["Z71", 68395],
      ["High Country", 79795],
    ],
  },
  {
    make: "Chevrolet",
    model: "Traverse",
    segment: "midsize-suv",
    weight: 4,
    trims: [
      ["LT", 39995],
      ["Z71", 48000],
      ["RS", 54995],
    ],
  },
  {
    make: "Chevrolet",
    model: "Colorado",
    segment: "pickup",
    weight: 4,
    trims: [
      ["WT", 31895],
      ["LT", 35795],
      ["Z71", 41895],
      ["ZR2", 48600],
    ],
  },
  {
    make: "Chevrolet",
    model: "Malibu",
    segment: "midsize-car",
    weight: 3,
    years: Y23_25,
    trims: [
      ["LS", 25100],
      ["RS", 26795],
      ["LT", 27695],
    ],
  },
  {
    make: "Chevrolet",
    model: "Blazer",
    segment: "midsize-suv",
    weight: 3,
    trims: [
      ["LT", 37200],
      ["RS", 44000],
      ["Premier", 45800],
    ],
  },
  {
    make: "Chevrolet",
    model: "Corvette",
    segment: "sports",
    weight: 1,
    trims: [
      ["Stingray 1LT", 69995],
      ["Stingray 2LT", 77000],
      ["Z06", 113000],
    ],
  },
  // GMC
  {
    make: "GMC",
    model: "Sierra 1500",
    segment: "pickup",
    weight: 7,
    trims: [
      ["Pro", 38500],
      ["Elevation", 52000],
      ["SLT", 60000],
      ["Denali", 70800],
    ],
  },
  {
    make: "GMC",
    model: "Yukon",
    segment: "fullsize-suv",
    weight: 3,
    trims: [
      ["SLE", 61000],
      ["SLT", 68000],
      ["Denali", 77000],
    ],
  },
  {
    make: "GMC",
    model: "Terrain",
    segment: "compact-suv",
    weight: 4,
    trims: [
      ["SLE", 31500],
      ["SLT", 36000],
      ["Denali", 40300],
    ],
  },
  {
    make: "GMC",
    model: "Acadia",
    segment: "midsize-suv",
    weight: 3,
    trims: [
      ["Elevation", 44600],
      ["AT4", 48600],
      ["Denali", 54700],
    ],
  },
  {
    make: "GMC",
    model: "Canyon",
    segment: "pickup",
    weight: 2,
    trims: [
      ["Elevation", 38400],
      ["AT4", 45000],
      ["Denali", 51900],
    ],
  },
  // Stellantis
  {
    make: "Ram",
    model: "1500",
    segment: "pickup",
    weight: 9,
    trims: [
      ["Tradesman", 40275],
      ["Big Horn", 46000],
      ["Laramie", 58000],
      ["Limited", 72000],
    ],
  },
  {
    make: "Ram",
    model: "2500",
    segment: "hd-pickup",
    weight: 3,
    trims: [
      ["Tradesman", 46000],
      ["Big Horn", 52000],
      ["Laramie", 63000],
    ],
  },
  {
    make: "Jeep",
    model: "Grand Cherokee",
    segment: "midsize-suv",
    weight: 7,
    trims: [
      ["Laredo", 38000],
      ["Limited", 44700],
      ["Overland", 56000],
      ["Summit", 65000],
    ],
  },
  {
    make: "Jeep",
    model: "Wrangler",
    segment: "midsize-suv",
    weight: 6,
    trims: [
      ["Sport", 33190],
      ["Sahara", 46000],
      ["Rubicon", 51000],
    ],
  },
  {
    make: "Jeep",
    model: "Compass",
    segment: "compact-suv",
    weight: 4,
    trims: [
      ["Sport", 26900],
      ["Latitude", 30300],
      ["Limited", 34000],
    ],
  },
  {
    make: "Jeep",
    model: "Gladiator",
    segment: "pickup",
    weight: 2,
    trims: [
      ["Sport", 39000],
      ["Rubicon", 53000],
    ],
  },
  {
    make: "Jeep",
    model: "Wagoneer",
    segment: "fullsize-suv",
    weight: 1,
    trims: [
      ["Series I", 62000],
      ["Series II", 72000],
    ],
  },
  {
    make: "Dodge",
    model: "Durango",
    segment: "midsize-suv",
    weight: 3,
    trims: [
      ["SXT", 39000],
      ["GT", 42000],
      ["R/T", 49000],
      ["SRT 392", 74000],
    ],
  },
  {
    make: "Dodge",
    model: "Hornet",
    segment: "compact-suv",
    weight: 1,
    years: Y24_26,
    trims: [
      ["GT", 31495],
      ["R/T", 39995],
    ],
  },
  {
    make: "Chrysler",
    model: "Pacifica",
    segment: "minivan",
    weight: 2,
    trims: [
      ["Select", 41000],
      ["Limited", 48000],
      ["Pinnacle", 55000],
    ],
  },
  // Hyundai / Kia / Genesis
  {
    make: "Hyundai",
    model: "Elantra",
    segment: "compact-car",
    weight: 7,
    trims: [
      ["SE", 22125],
      ["SEL", 23925],
      ["Limited", 28000],
      ["N", 34000],
    ],
  },
  {
    make: "Hyundai",
    model: "Tucson",
    segment: "compact-suv",
    weight: 8,
    trims: [
      ["SE", 28705],
      ["SEL", 31055],
      ["Limited", 38000],
    ],
  },
  {
    make: "Hyundai",
    model: "Santa Fe",
    segment: "midsize-suv",
    weight: 5,
    trims: [
      ["SE", 34200],
      ["SEL", 37000],
      ["Calligraphy", 47700],
    ],
  },
  {
    make: "Hyundai",
    model: "Palisade",
    segment: "midsize-suv",
    weight: 4,
    trims: [
      ["SE", 37600],
      ["SEL", 41000],
      ["Calligraphy", 51500],
    ],
  },
  {
    make: "Hyundai",
    model: "Kona",
    segment: "subcompact-suv",
    weight: 4,
    trims: [
      ["SE", 24250],
      ["SEL", 26000],
      ["Limited", 31000],
    ],
  },
  {
    make: "Hyundai",
    model: "Ioniq 5",
    segment: "ev",
    weight: 3,
    trims: [
      ["SE Standard Range", 42500],
      ["SEL", 47000],
      ["Limited", 54500],
    ],
  },
  {
    make: "Hyundai",
    model: "Sonata",
    segment: "midsize-car",
    weight: 3,
    trims: [
      ["SE", 27500],
      ["SEL", 29000],
      ["Limited", 35000],
    ],
  },
  {
    make: "Hyundai",
    model: "Santa Cruz",
    segment: "pickup",
    weight: 2,
    trims: [
      ["SE", 29000],
      ["SEL", 33000],
      ["XRT", 38000],
    ],
  },
  {
    make: "Kia",
    model: "Sportage",
    segment: "compact-suv",
    weight: 7,
    trims: [
      ["LX", 27690],
      ["EX", 30790],
      ["X-Line", 33000],
      ["SX-Prestige", 37000],
    ],
  },
  {
    make: "Kia",
    model: "Telluride",
    segment: "midsize-suv",
    weight: 5,
    trims: [
      ["LX", 36190],
      ["S", 39000],
      ["EX", 42000],
      ["SX", 47000],
    ],
  },
  {
    make: "Kia",
    model: "Sorento",
    segment: "midsize-suv",
    weight: 4,
    trims: [
      ["LX", 31990],
      ["S", 35000],
      ["EX", 39000],
      ["SX", 43000],
    ],
  },
  {
    make: "Kia",
    model: "K5",
    segment: "midsize-car",
    weight: 4,
    trims: [
      ["LXS", 26990],
      ["GT-Line", 28490],
      ["EX", 30000],
    ],
  },
  {
    make: "Kia",
    model: "K4",
    segment: "compact-car",
    weight: 4,
    years: Y25_26,
    trims: [
      ["LX", 21990],
      ["EX", 24690],
      ["GT-Line", 25790],
    ],
  },
  {
    make: "Kia",
    model: "Seltos",
    segment: "subcompact-suv",
    weight: 3,
    trims: [
      ["LX", 24590],
      ["S", 25890],
      ["SX", 30490],
    ],
  },
  {
    make: "Kia",
    model: "Carnival",
    segment: "minivan",
    weight: 2,
    trims: [
      ["LX", 36000],
      ["EX", 41000],
      ["SX", 46000],
    ],
  },
  {
    make: "Kia",
    model: "EV6",
    segment: "ev",
    weight: 2,
    trims: [
      ["Light", 42600],
      ["Wind", 48700],
      ["GT-Line", 52000],
    ],
  },
  {
    make: "Kia",
    model: "Soul",
    segment: "subcompact-suv",
    weight: 2,
    trims: [
      ["LX", 20490],
      ["GT-Line", 23390],
    ],
  },
  {
    make: "Genesis",
    model: "GV70",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["2.5T", 46000],
      ["2.5T Sport Prestige", 57000],
      ["3.5T Sport Prestige", 63000],
    ],
  },
  {
    make: "Genesis",
    model: "GV80",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["2.5T", 58000],
      ["3.5T Advanced", 69000],
      ["3.5T Prestige", 74000],
    ],
  },
  {
    make: "Genesis",
    model: "G70",
    segment: "luxury-car",
    weight: 1,
    trims: [
      ["2.5T", 42000],
      ["3.3T Sport", 52000],
    ],
  },
  // Nissan / Mitsubishi
  {
    make: "Nissan",
    model: "Rogue",
    segment: "compact-suv",
    weight: 8,
    trims: [
      ["S", 29230],
      ["SV", 31000],
      ["SL", 37000],
      ["Platinum", 42000],
    ],
  },
  {
    make: "Nissan",
    model: "Altima",
    segment: "midsize-car",
    weight: 6,
    trims: [
      ["S", 26370],
      ["SV", 28370],
      ["SR", 28870],
      ["SL", 32570],
    ],
  },
  {
    make: "Nissan",
    model: "Sentra",
    segment: "compact-car",
    weight: 6,
    trims: [
      ["S", 21590],
      ["SV", 22990],
      ["SR", 25000],
    ],
  },
  {
    make: "Nissan",
    model: "Frontier",
    segment: "pickup",
    weight: 3,
    trims: [
      ["S", 32050],
      ["SV", 36000],
      ["PRO-4X", 42000],
    ],
  },
  {
    make: "Nissan",
    model: "Pathfinder",
    segment: "midsize-suv",
    weight: 3,
    trims: [
      ["S", 37000],
      ["SV", 40000],
      ["Platinum", 50000],
    ],
  },
  {
    make: "Nissan",
    model: "Kicks",
    segment: "subcompact-suv",
    weight: 3,
    trims: [
      ["S", 21830],
      ["SV", 23190],
      ["SR", 25000],
    ],
  },
  {
    make: "Nissan",
    model: "Murano",
    segment: "midsize-suv",
    weight: 1,
    trims: [
      ["SV", 42000],
      ["Platinum", 50000],
    ],
  },
  {
    make: "Mitsubishi",
    model: "Outlander",
    segment: "compact-suv",
    weight: 3,
    trims: [
      ["ES", 29000],
      ["SE", 33000],
      ["SEL", 37000],
    ],
  },
  {
    make: "Mitsubishi",
    model: "Outlander Sport",
    segment: "subcompact-suv",
    weight: 1,
    trims: [
      ["S", 24000],
      ["SE", 26000],
    ],
  },
  // Subaru / Mazda
  {
    make: "Subaru",
    model: "Outback",
    segment: "midsize-suv",
    weight: 5,
    trims: [
      ["Base", 29000],
      ["Premium", 31000],
      ["Limited", 38000],
      ["Touring", 42000],
    ],
  },
  {
    make: "Subaru",
    model: "Forester",
    segment: "compact-suv",
    weight: 6,
    trims: [
      ["Base", 30000],
      ["Premium", 32000],
      ["Sport", 34000],
      ["Touring", 39000],
    ],
  },
  {
    make: "Subaru",
    model: "Crosstrek",
    segment: "subcompact-suv",
    weight: 6,
    trims: [
      ["Base", 26000],
      ["Premium", 27000],
      ["Sport", 30000],
      ["Limited", 32000],
    ],
  },
  {
    make: "Subaru",
    model: "Ascent",
    segment: "midsize-suv",
    weight: 2,
    trims: [
      ["Onyx", 42000],
      ["Limited", 46000],
      ["Touring", 49000],
    ],
  },
  {
    make: "Subaru",
    model: "WRX",
    segment: "sports",
    weight: 1,
    trims: [
      ["Base", 33000],
      ["Premium", 35000],
      ["GT", 43000],
    ],
  },
  {
    make: "Mazda",
    model: "CX-5",
    segment: "compact-suv",
    weight: 6,
    trims: [
      ["2.5 S", 29300],
      ["2.5 S Preferred", 31000],
      ["2.5 S Premium", 34000],
      ["2.5 Turbo Signature", 40000],
    ],
  },
  {
    make: "Mazda",
    model: "CX-50",
    segment: "compact-suv",
    weight: 3,
    trims: [
      ["2.5 S Select", 30500],
      ["2.5 S Premium", 35000],
      ["2.5 Turbo Premium Plus", 43500],
    ],
  },
  {
    make: "Mazda",
    model: "CX-30",
    segment: "subcompact-suv",
    weight: 3,
    trims: [
      ["2.5 S", 24700],
      ["2.5 S Preferred", 27000],
      ["2.5 Turbo Premium", 34000],
    ],
  },
  {
    make: "Mazda",
    model: "Mazda3",
    segment: "compact-car",
    weight: 3,
    trims: [
      ["2.5 S", 23950],
      ["2.5 S Select Sport", 25500],
      ["2.5 Turbo Premium Plus", 34000],
    ],
  },
  {
    make: "Mazda",
    model: "CX-90",
    segment: "midsize-suv",
    weight: 2,
    years: Y24_26,
    trims: [
      ["3.3 Turbo Select", 39000],
      ["3.3 Turbo Preferred", 46000],
      ["3.3 Turbo Premium Plus", 52000],
    ],
  },
  // Volkswagen
  {
    make: "Volkswagen",
    model: "Tiguan",
    segment: "compact-suv",
    weight: 4,
    trims: [
      ["S", 29000],
      ["SE", 33000],
      ["SEL R-Line", 39000],
    ],
  },
  {
    make: "Volkswagen",
    model: "Atlas",
    segment: "midsize-suv",
    weight: 3,
    trims: [
      ["SE", 40000],
      ["SE with Technology", 46000],
      ["SEL Premium R-Line", 53000],
    ],
  },
  {
    make: "Volkswagen",
    model: "Jetta",
    segment: "compact-car",
    weight: 3,
    trims: [
      ["S", 22000],
      ["Sport", 24000],
      ["SEL", 29000],
    ],
  },
  {
    make: "Volkswagen",
    model: "Taos",
    segment: "subcompact-suv",
    weight: 2,
    trims: [
      ["S", 24000],
      ["SE", 29000],
      ["SEL", 33000],
    ],
  },
  {
    make: "Volkswagen",
    model: "ID.4",
    segment: "ev",
    weight: 2,
    trims: [
      ["Standard", 40000],
      ["Pro S", 46000],
      ["Pro S Plus", 51000],
    ],
  },
  {
    make: "Volkswagen",
    model: "Golf GTI",
    segment: "sports",
    weight: 1,
    trims: [
      ["S", 32000],
      ["Autobahn", 39000],
    ],
  },
  // Tesla / Rivian
  {
    make: "Tesla",
    model: "Model 3",
    segment: "ev-direct",
    weight: 7,
    trims: [
      ["RWD", 42490],
      ["Long Range AWD", 47490],
      ["Performance", 54990],
    ],
  },
  {
    make: "Tesla",
    model: "Model Y",
    segment: "ev-direct",
    weight: 9,
    trims: [
      ["RWD", 44990],
      ["Long Range AWD", 47990],
      ["Performance", 51490],
    ],
  },
  {
    make: "Tesla",
    model: "Cybertruck",
    segment: "ev-direct",
    weight: 1,
    years: Y24_26,
    trims: [
      ["AWD", 79990],
      ["Cyberbeast", 99990],
    ],
  },
  {
    make: "Rivian",
    model: "R1S",
    segment: "ev-direct",
    weight: 1,
    trims: [
      ["Dual Standard", 77000],
      ["Dual Large", 84000],
      ["Tri Max", 107000],
    ],
  },
  {
    make: "Rivian",
    model: "R1T",
    segment: "ev-direct",
    weight: 1,
    trims: [
      ["Dual Standard", 70000],
      ["Dual Large", 77000],
      ["Tri Max", 100000],
    ],
  },
  // Luxury
  {
    make: "BMW",
    model: "3 Series",
    segment: "luxury-car",
    weight: 4,
    trims: [
      ["330i", 44900],
      ["330i xDrive", 46900],
      ["M340i", 57500],
    ],
  },
  {
    make: "BMW",
    model: "X3",
    segment: "luxury-suv",
    weight: 4,
    trims: [
      ["30 xDrive", 49500],
      ["M50 xDrive", 64000],
    ],
  },
  {
    make: "BMW",
    model: "X5",
    segment: "luxury-suv",
    weight: 3,
    trims: [
      ["sDrive40i", 66200],
      ["xDrive40i", 68500],
      ["M60i", 89000],
    ],
  },
  {
    make: "BMW",
    model: "5 Series",
    segment: "luxury-car",
    weight: 2,
    years: Y24_26,
    trims: [
      ["530i", 58400],
      ["540i xDrive", 66000],
    ],
  },
  {
    make: "BMW",
    model: "X1",
    segment: "luxury-suv",
    weight: 2,
    trims: [
      ["xDrive28i", 41600],
      ["M35i", 50000],
    ],
  },
  {
    make: "Mercedes-Benz",
    model: "C-Class",
    segment: "luxury-car",
    weight: 3,
    trims: [
      ["C 300", 47000],
      ["C 300 4MATIC", 49000],
      ["AMG C 43", 62000],
    ],
  },
  {
    make: "Mercedes-Benz",
    model: "GLC",
    segment: "luxury-suv",
    weight: 4,
    trims: [
      ["GLC 300", 49000],
      ["GLC 300 4MATIC", 51000],
      ["AMG GLC 43", 64000],
    ],
  },
  {
    make: "Mercedes-Benz",
    model: "GLE",
    segment: "luxury-suv",
    weight: 3,
    trims: [
      ["GLE 350", 61000],
      ["GLE 450 4MATIC", 68000],
      ["AMG GLE 53", 88000],
    ],
  },
  {
    make: "Mercedes-Benz",
    model: "E-Class",
    segment: "luxury-car",
    weight: 2,
    years: Y24_26,
    trims: [
      ["E 350", 62000],
      ["E 450 4MATIC", 68000],
    ],
  },
  {
    make: "Mercedes-Benz",
    model: "GLA",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["GLA 250", 42000],
      ["GLA 250 4MATIC", 44000],
    ],
  },
  {
    make: "Audi",
    model: "Q5",
    segment: "luxury-suv",
    weight: 3,
    trims: [
      ["Premium", 46000],
      ["Premium Plus", 51000],
      ["Prestige", 58000],
    ],
  },
  {
    make: "Audi",
    model: "A4",
    segment: "luxury-car",
    weight: 2,
    years: Y23_25,
    trims: [
      ["Premium", 42000],
      ["Premium Plus", 46000],
    ],
  },
  {
    make: "Audi",
    model: "Q7",
    segment: "luxury-suv",
    weight: 2,
    trims: [
      ["Premium", 60000],
      ["Premium Plus", 65000],
      ["Prestige", 72000],
    ],
  },
  {
    make: "Audi",
    model: "Q3",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["Premium", 38000],
      ["Premium Plus", 42000],
    ],
  },
  {
    make: "Lexus",
    model: "RX",
    segment: "luxury-suv",
    weight: 4,
    trims: [
      ["RX 350", 49000],
      ["RX 350h", 51000],
      ["RX 500h F Sport Performance", 65000],
    ],
  },
  {
    make: "Lexus",
    model: "NX",
    segment: "luxury-suv",
    weight: 4,
    trims: [
      ["NX 250", 41000],
      ["NX 350", 45000],
      ["NX 450h+", 60000],
    ],
  },
  {
    make: "Lexus",
    model: "ES",
    segment: "luxury-car",
    weight: 3,
    trims: [
      ["ES 250 AWD", 43000],
      ["ES 300h", 46000],
      ["ES 350 F Sport", 48000],
    ],
  },
  {
    make: "Lexus",
    model: "TX",
    segment: "luxury-suv",
    weight: 1,
    years: Y24_26,
    trims: [
      ["TX 350", 55000],
      ["TX 500h", 70000],
    ],
  },
  {
    make: "Lexus",
    model: "GX",
    segment: "luxury-suv",
    weight: 1,
    years: Y24_26,
    trims: [
      ["Premium", 65000],
      ["Overtrail", 70000],
      ["Luxury", 78000],
    ],
  },
  {
    make: "Acura",
    model: "MDX",
    segment: "luxury-suv",
    weight: 2,
    trims: [
      ["Base", 51000],
      ["Technology", 56000],
      ["A-Spec", 62000],
      ["Type S", 74000],
    ],
  },
  {
    make: "Acura",
    model: "RDX",
    segment: "luxury-suv",
    weight: 2,
    trims: [
      ["Base", 45000],
      ["Technology", 49000],
      ["A-Spec", 52000],
    ],
  },
  {
    make: "Acura",
    model: "Integra",
    segment: "luxury-car",
    weight: 2,
    trims: [
      ["Base", 33000],
      ["A-Spec", 35000],
      ["Type S", 52000],
    ],
  },
  {
    make: "Cadillac",
    model: "Escalade",
    segment: "fullsize-suv",
    weight: 2,
    trims: [
      ["Luxury", 89000],
      ["Premium Luxury", 97000],
      ["Sport Platinum", 115000],
    ],
  },
  {
    make: "Cadillac",
    model: "XT5",
    segment: "luxury-suv",
    weight: 1,
    years: Y23_25,
    trims: [
      ["Luxury", 44000],
      ["Premium Luxury", 49000],
    ],
  },
  {
    make: "Cadillac",
    model: "Lyriq",
    segment: "ev",
    weight: 1,
    trims: [
      ["Tech", 58600],
      ["Luxury", 64000],
      ["Sport", 66000],
    ],
  },
  {
    make: "Lincoln",
    model: "Aviator",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["Premiere", 54000],
      ["Reserve", 63000],
      ["Black Label", 83000],
    ],
  },
  {
    make: "Lincoln",
    model: "Nautilus",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["Premiere", 51000],
      ["Reserve", 58000],
    ],
  },
  {
    make: "Volvo",
    model: "XC90",
    segment: "luxury-suv",
    weight: 2,
    trims: [
      ["Core", 57000],
      ["Plus", 63000],
      ["Ultra", 70000],
    ],
  },
  {
    make: "Volvo",
    model: "XC60",
    segment: "luxury-suv",
    weight: 2,
    trims: [
      ["Core", 47000],
      ["Plus", 53000],
      ["Ultra", 58000],
    ],
  },
  {
    make: "Land Rover",
    model: "Range Rover Sport",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["SE", 85000],
      ["Dynamic SE", 92000],
      ["Autobiography", 112000],
    ],
  },
  {
    make: "Land Rover",
    model: "Defender",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["110 S", 62000],
      ["110 X-Dynamic SE", 73000],
      ["110 X", 90000],
    ],
  },
  {
    make: "Porsche",
    model: "Macan",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["Base", 63000],
      ["S", 78000],
    ],
  },
  {
    make: "Porsche",
    model: "Cayenne",
    segment: "luxury-suv",
    weight: 1,
    trims: [
      ["Base", 85000],
      ["S", 100000],
    ],
  },
  {
    make: "Buick",
    model: "Encore GX",
    segment: "subcompact-suv",
    weight: 3,
    trims: [
      ["Preferred", 25000],
      ["Sport Touring", 27000],
      ["Avenir", 32000],
    ],
  },
  {
    make: "Buick",
    model: "Envista",
    segment: "subcompact-suv",
    weight: 2,
    years: Y24_26,
    trims: [
      ["Preferred", 23600],
      ["Sport Touring", 24900],
      ["Avenir", 29000],
    ],
  },
  {
    make: "Buick",
    model: "Enclave",
    segment: "midsize-suv",
    weight: 2,
    trims: [
      ["Preferred", 45000],
      ["Sport Touring", 48000],
      ["Avenir", 59000],
    ],
  },
];

/** Residents in hundred-thousands (2020 census, rounded): the weight of each state in the demo deals. */
export const STATE_WEIGHTS: Record<string, number> = {
  CA: 395,
  TX: 290,
  FL: 215,
  NY: 202,
  PA: 130,
  IL: 128,
  OH: 118,
  GA: 107,
  NC: 104,
  MI: 101,
  NJ: 93,
  VA: 86,
  WA: 77,
  AZ: 72,
  MA: 70,
  TN: 69,
  IN: 68,
  MD: 62,
  MO: 62,
  WI: 59,
  CO: 58,
  MN: 57,
  SC: 51,
  AL: 50,
  LA: 46,
  KY: 45,
  OR: 42,
  OK: 40,
  CT: 36,
  UT: 33,
  IA: 32,
  NV: 31,
  AR: 30,
  MS: 30,
  KS: 29,
  NM: 21,
  NE: 20,
  ID: 18,
  WV: 18,
  HI: 14,
  NH: 14,
  ME: 14,
  RI: 11,
  MT: 11,
  DE: 10,
  SD: 9,
  ND: 8,
  AK: 7,
  DC: 7,
  VT: 6,
  WY: 6,
};

/** Census regions; dealer competition differs by region, so discounts do too (percentage points). */
const REGION_OF: Record<string, "northeast" | "midwest" | "south" | "west"> = Object.fromEntries([
  ...["CT", "ME", "MA", "NH", "RI", "VT", "NJ", "NY", "PA"].map((s) => [s, "northeast"]),
  ...["IL", "IN", "MI", "OH", "WI", "IA", "KS", "MN", "MO", "NE", "ND", "SD"].map((s) => [s, "midwest"]),
  ...["DE", "DC", "FL", "GA", "MD", "NC", "SC", "VA", "WV", "AL", "KY", "MS", "TN", "AR", "LA", "OK", "TX"].map((s) => [
    s,
    "south",
  ]),
  ...["AZ", "CO", "ID", "MT", "NV", "NM", "UT", "WY", "AK", "CA", "HI", "OR", "WA"].map((s) => [s, "west"]),
]) as Record<string, "northeast" | "midwest" | "south" | "west">;

const REGION_DISCOUNT_OFFSET = { northeast: 0.2, midwest: 0.6, south: 0.4, west: -0.4 } as const;

export function regionDiscountOffset(state: string): number {
  return REGION_DISCOUNT_OFFSET[REGION_OF[state]];
}

/** New model years sell closer to sticker; the previous year's leftovers go for more off. */
export const MODEL_YEAR_DISCOUNT_OFFSET: Record<number, number> = { 2023: -1.0, 2024: 1.0, 2025: 0, 2026: -1.0 };
export const MODEL_YEAR_SHARE: Record<number, number> = { 2023: 0.12, 2024: 0.26, 2025: 0.37, 2026: 0.25 };
/** MSRPs move about 2.5 % a model year. */
export const MSRP_DRIFT_PER_YEAR = 0.025;

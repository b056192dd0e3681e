/**
 * A tiny vPIC database, written as SQLite with the real table layout, for the decoder's unit tests. Each
 * row exists to exercise one rule of NHTSA's decoder; the comments say which.
 */
import Database from "better-sqlite3";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { computeCheckDigit } from "../../lib/vin";

/** A VIN with a wrong check digit that the synthetic VinException table excuses. */
export function exceptedVin(): string {
  const good = withCheckDigit("TSTAXXLX0KP777777");
  return good.slice(0, 8) + (good[8] === "1" ? "2" : "1") + good.slice(9);
}

/** Puts the correct check digit in position 9. */
export function withCheckDigit(vin: string): string {
  return vin.slice(0, 8) + computeCheckDigit(vin) + vin.slice(9);
}

/**
 * `conversion: true` reshapes the file like third-party vPIC conversions: one `changedon` column instead of
 * CreatedOn/UpdatedOn in Pattern, and optional columns (Element.weight, Wmi.TruckTypeId) dropped.
 * `vehicleSpecs: true` adds full vPIC's vehicle-spec tables: for a 2019 Testa Beta passenger car, a spec
 * keyed on the model adds a drive type and a trim; a spec keyed on a trim nobody decodes adds nothing;
 * DefaultValue rows for passenger cars; a VinDescriptor model-year override.
 */
export function buildSyntheticVpic(options: { conversion?: boolean; vehicleSpecs?: boolean } = {}): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "vpic-")), "vpic.db");
  const db = new Database(file);
  db.exec(`
    CREATE TABLE Element (Id INTEGER NOT NULL, Name TEXT NOT NULL, Code TEXT, LookupTable TEXT, Description TEXT,
      IsPrivate INTEGER, GroupName TEXT, DataType TEXT, MinAllowedValue INTEGER, MaxAllowedValue INTEGER, IsQS INTEGER,
      Decode TEXT, weight INTEGER);
    CREATE TABLE Wmi (Id INTEGER NOT NULL, Wmi TEXT NOT NULL, ManufacturerId INTEGER, MakeId INTEGER, VehicleTypeId INTEGER,
      CreatedOn TEXT, UpdatedOn TEXT, CountryId INTEGER, PublicAvailabilityDate TEXT, TruckTypeId INTEGER, ProcessedOn TEXT,
      NonCompliant INTEGER, NonCompliantSetByOVSC INTEGER);
    CREATE TABLE Wmi_VinSchema (Id INTEGER NOT NULL, WmiId INTEGER NOT NULL, VinSchemaId INTEGER NOT NULL, YearFrom INTEGER NOT NULL, YearTo INTEGER, OrgId INTEGER);
    CREATE TABLE VinSchema (Id INTEGER NOT NULL, Name TEXT NOT NULL, sourcewmi TEXT, CreatedOn TEXT, UpdatedOn TEXT, TobeQCed INTEGER, Notes TEXT);
    CREATE TABLE Pattern (Id INTEGER NOT NULL, VinSchemaId INTEGER NOT NULL, Keys TEXT NOT NULL, ElementId INTEGER NOT NULL,
      AttributeId TEXT NOT NULL, CreatedOn TEXT, UpdatedOn TEXT);
    CREATE TABLE Make (Id INTEGER NOT NULL, Name TEXT NOT NULL, CreatedOn TEXT, UpdatedOn TEXT);
    CREATE TABLE Model (Id INTEGER NOT NULL, Name TEXT NOT NULL, CreatedOn TEXT, UpdatedOn TEXT);
    CREATE TABLE Make_Model (Id INTEGER NOT NULL, MakeId INTEGER NOT NULL, ModelId INTEGER NOT NULL, CreatedOn TEXT, UpdatedOn TEXT);
    CREATE TABLE Wmi_Make (WmiId INTEGER NOT NULL, MakeId INTEGER NOT NULL);
    CREATE TABLE Manufacturer (Id INTEGER NOT NULL, Name TEXT NOT NULL);
    CREATE TABLE VehicleType (Id INTEGER NOT NULL, Name TEXT NOT NULL, DisplayOrder INTEGER, FormType INTEGER, Description TEXT, IncludeInEquipPlant INTEGER);
    CREATE TABLE BodyStyle (Id INTEGER NOT NULL, Name TEXT NOT NULL);
    CREATE TABLE DriveType (Id INTEGER NOT NULL, Name TEXT NOT NULL);
    CREATE TABLE Country (Id INTEGER NOT NULL, Name TEXT NOT NULL, displayorder INTEGER);
    CREATE TABLE Conversion (Id INTEGER NOT NULL, FromElementId INTEGER NOT NULL, ToElementId INTEGER NOT NULL, Formula TEXT NOT NULL);
    CREATE TABLE VinException (Id INTEGER NOT NULL, VIN TEXT NOT NULL, CheckDigit INTEGER);
    CREATE TABLE EngineModel (Id INTEGER NOT NULL, Name TEXT NOT NULL, Description TEXT);
    CREATE TABLE EngineModelPattern (Id INTEGER NOT NULL, EngineModelId INTEGER NOT NULL, ElementId INTEGER NOT NULL,
      AttributeId TEXT NOT NULL, CreatedOn TEXT, UpdatedOn TEXT);
  `);
  const insert = (table: string, rows: unknown[][]) => {
    if (!rows.length) return;
    const stmt = db.prepare(`INSERT INTO ${table} VALUES (${rows[0].map(() => "?").join(",")})`);
    for (const r of rows) stmt.run(...r);
  };
  // Id, Name, Code, LookupTable, Description, IsPrivate, GroupName, DataType, Min, Max, IsQS, Decode, weight
  insert("Element", [
    [5, "Body Class", "BodyClass", "BodyStyle", null, 0, "General", "lookup", null, null, null, "Pattern", 99],
    [
      9,
      "Engine Number of Cylinders",
      "EngineCylinders",
      null,
      null,
      0,
      "Engine",
      "int",
      null,
      null,
      null,
      "Pattern",
      88,
    ],
    [11, "Displacement (CC)", "DisplacementCC", null, null, 0, "Engine", "decimal", null, null, null, "Pattern", 98],
    [12, "Displacement (CI)", "DisplacementCI", null, null, 0, "Engine", "decimal", null, null, null, "Pattern", null],
    [13, "Displacement (L)", "DisplacementL", null, null, 0, "Engine", "decimal", null, null, null, "Pattern", null],
    [
      15,
      "Drive Type",
      "DriveType",
      "DriveType",
      null,
      0,
      "Mechanical / Drivetrain",
      "lookup",
      null,
      null,
      null,
      "Pattern",
      null,
    ],
    [18, "Engine Model", "EngineModel", null, null, 0, "Engine", "string", null, null, null, "Pattern", 55],
    [26, "Make", "Make", "Make", null, 0, "General", "lookup", null, null, null, "WMI, Pattern", 99],
    [
      27,
      "Manufacturer Name",
      "Manufacturer",
      "Manufacturer",
      null,
      0,
      "General",
      "lookup",
      null,
      null,
      null,
      "WMI",
      null,
    ],
    [28, "Model", "Model", "Model", null, 0, "General", "lookup", null, null, null, "Pattern", 99],
    [29, "Model Year", "ModelYear", null, null, 0, "General", "int", null, null, null, "WMI, Input", 99],
    [31, "Plant City", "PlantCity", null, null, 0, "General", "string", null, null, null, "Pattern", 98],
    [34, "Series", "Series", null, null, 0, "General", "string", null, null, null, "Pattern", 61],
    [
      37,
      "Transmission Style",
      "TransmissionStyle",
      "Transmission",
      null,
      0,
      "Mechanical / Transmission",
      "lookup",
      null,
      null,
      null,
      "Pattern",
      null,
    ],
    [38, "Trim", "Trim", null, null, 0, "General", "string", null, null, null, "Pattern", 61],
    [39, "Vehicle Type", "VehicleType", "VehicleType", null, 0, "General", "lookup", null, null, null, "WMI", 99],
    [
      64,
      "Engine Configuration",
      "EngineConfiguration",
      "EngineConfiguration",
      null,
      0,
      "Engine",
      "lookup",
      null,
      null,
      null,
      "Pattern",
      null,
    ],
    [75, "Plant Country", "PlantCountry", "Country", null, 0, "General", "lookup", null, null, null, "Pattern", 99],
    [129, "Other Engine Info", "OtherEngineInfo", null, null, 0, "Engine", "string", null, null, null, "Pattern", null],
    [186, "NCSA Note", "NCSANote", null, null, 1, "Internal", "string", null, null, null, "Pattern", null],
    // Extended-record elements (as full vPIC has them; corgi's cut drops their patterns).
    [
      86,
      "Anti-lock Braking System (ABS)",
      "ABS",
      "ABS",
      null,
      0,
      "Active Safety System",
      "lookup",
      null,
      null,
      null,
      "Pattern",
      null,
    ],
    [
      81,
      "Adaptive Cruise Control (ACC)",
      "AdaptiveCruiseControl",
      "AdaptiveCruiseControl",
      null,
      0,
      "Active Safety System",
      "lookup",
      null,
      null,
      null,
      "Pattern",
      null,
    ],
    [
      65,
      "Front Air Bag Locations",
      "AirBagLocFront",
      "AirBagLocFront",
      null,
      0,
      "Passive Safety System",
      "lookup",
      null,
      null,
      null,
      "Pattern",
      null,
    ],
    [
      126,
      "Electrification Level",
      "ElectrificationLevel",
      "ElectrificationLevel",
      null,
      0,
      "Mechanical / Battery",
      "lookup",
      null,
      null,
      null,
      "Pattern",
      null,
    ],
    [
      57,
      "Battery Energy (kWh) From",
      "BatteryKWh",
      null,
      null,
      0,
      "Mechanical / Battery",
      "decimal",
      null,
      null,
      null,
      "Pattern",
      null,
    ],
    [33, "Number of Seats", "Seats", null, null, 0, "Interior", "int", null, null, null, "Pattern", null],
    [
      25,
      "Gross Vehicle Weight Rating From",
      "GVWR",
      "GrossVehicleWeightRating",
      null,
      0,
      "Exterior / Truck",
      "lookup",
      null,
      null,
      null,
      "Pattern",
      null,
    ],
    [135, "Turbo", "Turbo", "Turbo", null, 0, "Engine", "lookup", null, null, null, "Pattern", null],
    [143, "Error Code", "ErrorCode", null, null, 0, "", "string", null, null, null, "Decoding", null],
    [
      156,
      "Additional Error Text",
      "AdditionalErrorText",
      null,
      null,
      0,
      "",
      "string",
      null,
      null,
      null,
      "Decoding",
      null,
    ],
    [191, "Error Text", "ErrorText", null, null, 0, "", "string", null, null, null, "Decoding", null],
    [196, "Vehicle Descriptor", "VehicleDescriptor", null, null, 0, "", "string", null, null, null, "Decoding", null],
  ]);
  insert("VehicleType", [
    [1, "Motorcycle", 1, null, null, null],
    [2, "Passenger Car", 2, null, null, null],
    [3, "Truck", 3, null, null, null],
  ]);
  insert("Manufacturer", [
    [1, "Testa Motors Inc."],
    [2, "Small Bikes LLC"],
  ]);
  insert("Make", [
    [1, "Testa", null, null],
    [2, "Other", null, null],
    [3, "Bikeco", null, null],
  ]);
  insert("Model", [
    [10, "Alpha", null, null],
    [11, "Beta", null, null],
    [12, "Gamma", null, null],
    [13, "Delta", null, null],
  ]);
  insert("Make_Model", [
    [1, 1, 10, null, null],
    [2, 1, 11, null, null],
    [3, 3, 12, null, null],
    [4, 2, 13, null, null],
  ]);
  insert("BodyStyle", [
    [1, "Sedan/Saloon"],
    [3, "Coupe"],
    [7, "Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)"],
  ]);
  insert("DriveType", [
    [1, "FWD/Front-Wheel Drive"],
    [3, "AWD/All-Wheel Drive"],
  ]);
  insert("Country", [[6, "UNITED STATES (USA)", null]]);
  db.exec(`CREATE TABLE ABS (Id INTEGER NOT NULL, Name TEXT NOT NULL);
    CREATE TABLE AdaptiveCruiseControl (Id INTEGER NOT NULL, Name TEXT NOT NULL);
    CREATE TABLE AirBagLocFront (Id INTEGER NOT NULL, Name TEXT NOT NULL);
    CREATE TABLE ElectrificationLevel (Id INTEGER NOT NULL, Name TEXT NOT NULL);
    CREATE TABLE GrossVehicleWeightRating (Id INTEGER NOT NULL, Name TEXT NOT NULL);
    CREATE TABLE Turbo (Id INTEGER NOT NULL, Name TEXT NOT NULL);`);
  insert("ABS", [
    [1, "Standard"],
    [2, "Optional"],
  ]);
  insert("AdaptiveCruiseControl", [
    [1, "Standard"],
    [2, "Optional"],
  ]);
  insert("AirBagLocFront", [[3, "1st Row (Driver and Passenger)"]]);
  insert("ElectrificationLevel", [
    [1, "BEV (Battery Electric Vehicle)"],
    [2, "PHEV (Plug-in Hybrid Electric Vehicle)"],
  ]);
  insert("GrossVehicleWeightRating", [[11, "Class 1C: 4,001 - 5,000 lb (1,814 - 2,268 kg)"]]);
  insert("Turbo", [
    [1, "Yes"],
    [2, "No"],
  ]);
  insert("Conversion", [
    [1, 11, 12, "#x# / 16.387064 "],
    [3, 11, 13, "#x# / 1000."],
    [4, 13, 11, "#x# * 1000"],
    [7, 13, 12, "#x# / 0.016387064 "],
  ]);
  insert("EngineModel", [[1, "ENG1", null]]);
  insert("VinException", [[1, exceptedVin(), 1]]);
  insert("EngineModelPattern", [
    [1, 1, 13, "2.0", "2020-01-01 00:00:00", null],
    [2, 1, 9, "4", "2020-01-01 00:00:00", null],
  ]);
  // WMIs: TST a car maker; TS9+ABC a small (6-character) motorcycle maker; TSX not yet public; TSN no schemas.
  insert("Wmi", [
    [1, "TST", 1, null, 2, "2015-01-01 00:00:00", null, 6, "2015-01-01 00:00:00", null, null, null, null],
    [2, "TS9ABC", 2, null, 1, "2015-01-01 00:00:00", null, 6, "2015-01-01 00:00:00", null, null, null, null],
    [3, "TSX", 1, null, 2, "2015-01-01 00:00:00", null, 6, "2999-01-01 00:00:00", null, null, null, null],
    [4, "TSN", 1, null, 2, "2015-01-01 00:00:00", null, 6, "2015-01-01 00:00:00", null, null, null, null],
  ]);
  insert("Wmi_Make", [
    [1, 1],
    [2, 3],
    [4, 1],
  ]);
  insert("VinSchema", [
    [100, "TST 2015-2020", null, null, null, 0, null],
    [101, "TST 2018-", null, null, null, null, null],
    [102, "TS9ABC", null, null, null, 0, null],
    [103, "TST waiting for QC", null, null, null, 1, null],
    [104, "TS9ABC 1980s", null, null, null, 0, null],
  ]);
  insert("Wmi_VinSchema", [
    [1, 1, 100, 2015, 2020, null],
    [2, 1, 101, 2018, null, null],
    [3, 2, 102, 2000, null, null],
    [4, 1, 103, 2015, null, null],
    [5, 2, 104, 1980, 1989, null],
  ]);
  const d = "2019-06-01 00:00:00";
  let id = 0;
  const p = (
    schema: number,
    keys: string,
    element: number,
    attribute: string,
    created: string | null = d,
    updated: string | null = null,
  ) => [++id, schema, keys, element, attribute, created, updated];
  insert("Pattern", [
    // Priority is the linking YearFrom: for 2019 schema 101 (2018) beats schema 100 (2015).
    p(100, "A", 28, "10"),
    p(101, "A", 28, "11"),
    // Newest edit wins.
    p(101, "B", 38, "Old", "2019-01-01 00:00:00"),
    p(101, "B", 38, "New", "2018-01-01 00:00:00", "2020-01-01 00:00:00"),
    // Fewer literal characters wins.
    p(101, "C", 38, "Short"),
    p(101, "C1", 38, "Long"),
    // Same literal count: the bracketless key sorting first wins ('*' < '2').
    p(101, "D2", 34, "Second"),
    p(101, "D*2", 34, "First"),
    // Identical keys and dates: the lower pattern id wins.
    p(101, "E", 34, "Lower id"),
    p(101, "E", 34, "Higher id"),
    // Bracket keys: a range and the "1-A" class (1 or A) lined up on position 11 through the `|`.
    p(101, "[F-H]", 5, "3"),
    p(101, "*****|*[1-A]", 31, "BRACKETVILLE"),
    p(101, "*****|*P", 31, "PLAINVILLE"),
    p(101, "*****|*", 75, "6"),
    // Formula key: the digit in VIN position 6 is the cylinder count.
    p(101, "**#", 9, "TBD"),
    // Engine model pulls in its engine-model patterns (displacement, cylinders) at priority 50.
    p(101, "***E", 18, "ENG1"),
    // A lookup whose table this file lacks resolves to nothing.
    p(101, "****Z", 64, "2"),
    // Multi-valued elements keep every match.
    p(101, "J", 129, "first note"),
    p(101, "J*", 129, "second note"),
    p(101, "J", 15, "3"),
    // An off-road body class (error 10).
    p(101, "K", 5, "69"),
    // Private elements and schemas waiting for QC are never used.
    p(101, "J", 186, "private note"),
    p(103, "A", 34, "Hidden"),
    // An equipped electric car (position 4 = W): the extended record's elements.
    p(101, "W", 28, "11"),
    p(101, "W", 86, "1"),
    p(101, "W", 81, "2"),
    p(101, "W", 65, "3"),
    p(101, "W", 126, "1"),
    p(101, "W", 57, "75.5"),
    p(101, "W", 33, "5"),
    p(101, "W", 25, "11"),
    p(101, "W", 135, "2"),
    // The small maker's schema.
    p(102, "M", 28, "12"),
    p(102, "M", 5, "1"),
    p(102, "*****|*", 31, "TINYTOWN"),
    // The small maker's 1980s schema: both model-year passes run for a motorcycle VIN.
    p(104, "M", 28, "13"),
    p(104, "N", 28, "13"),
  ]);
  if (options.vehicleSpecs) {
    db.exec(`
      CREATE TABLE VehicleSpecSchema (Id INTEGER NOT NULL, Name TEXT, MakeId INTEGER, VehicleTypeId INTEGER, TobeQCed INTEGER);
      CREATE TABLE VSpecSchemaPattern (Id INTEGER NOT NULL, SchemaId INTEGER NOT NULL);
      CREATE TABLE VehicleSpecPattern (Id INTEGER NOT NULL, VSpecSchemaPatternId INTEGER NOT NULL, IsKey INTEGER,
        ElementId INTEGER NOT NULL, AttributeId TEXT NOT NULL, CreatedOn TEXT, UpdatedOn TEXT);
      CREATE TABLE VehicleSpecSchema_Model (Id INTEGER NOT NULL, VehicleSpecSchemaId INTEGER NOT NULL, ModelId INTEGER NOT NULL);
      CREATE TABLE VehicleSpecSchema_Year (Id INTEGER NOT NULL, VehicleSpecSchemaId INTEGER NOT NULL, Year INTEGER NOT NULL);
    `);
    insert("VehicleSpecSchema", [
      [1, "Testa Beta specs", 1, 2, 0],
      [2, "Testa Beta specs in QC", 1, 2, 1],
    ]);
    insert("VSpecSchemaPattern", [
      [1, 1],
      [2, 1],
      [3, 2],
    ]);
    insert("VehicleSpecPattern", [
      [1, 1, 1, 28, "11", d, null],
      [2, 1, 0, 15, "1", d, null],
      [3, 1, 0, 38, "SpecTrim", d, null],
      [4, 1, 0, 31, "SPECVILLE", d, null], // plant city is decoded from patterns: not overwritten
      [5, 2, 1, 38, "No such trim", d, null],
      [6, 2, 0, 34, "Never", d, null],
      [7, 3, 1, 28, "11", d, null],
      [8, 3, 0, 34, "Not yet QC'd", d, null],
    ]);
    insert("VehicleSpecSchema_Model", [
      [1, 1, 11],
      [2, 2, 11],
    ]);
    insert("VehicleSpecSchema_Year", [[1, 1, 2019]]);
    db.exec(`CREATE TABLE DefaultValue (Id INTEGER NOT NULL, ElementId INTEGER NOT NULL, VehicleTypeId INTEGER NOT NULL,
      DefaultValue TEXT, CreatedOn TEXT, UpdatedOn TEXT);`);
    // Defaults per vehicle type fill what nothing else decoded; a lookup default of 0 reads "Not Applicable".
    insert("DefaultValue", [
      [1, 64, 2, "0", d, null],
      [2, 14, 2, "4", d, null],
      [3, 38, 2, "Default trim", d, null],
    ]);
    // NHTSA's model-year override by descriptor: this descriptor reads 2019 from position 10 but is a 2016.
    db.exec(`CREATE TABLE VinDescriptor (Id INTEGER NOT NULL, Descriptor TEXT NOT NULL, ModelYear INTEGER NOT NULL);`);
    insert("VinDescriptor", [[1, "TSTAXXLY*KP", 2016]]);
  }
  if (options.conversion) {
    db.exec(`
      ALTER TABLE Pattern ADD COLUMN changedon TEXT;
      UPDATE Pattern SET changedon = coalesce(UpdatedOn, CreatedOn);
      ALTER TABLE Pattern DROP COLUMN UpdatedOn;
      ALTER TABLE Pattern DROP COLUMN CreatedOn;
      ALTER TABLE Element DROP COLUMN weight;
      ALTER TABLE Wmi DROP COLUMN TruckTypeId;
    `);
  }
  db.close();
  return file;
}

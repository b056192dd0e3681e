-- CreateTable
CREATE TABLE "SourceAnswer" (
    "source" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "checkedAt" DATETIME NOT NULL,

    PRIMARY KEY ("source", "key")
);

-- CreateTable
CREATE TABLE "Complaint" (
    "cmplId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "odiNumber" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "components" TEXT NOT NULL,
    "filedOn" TEXT,
    "incidentOn" TEXT,
    "crash" BOOLEAN NOT NULL,
    "fire" BOOLEAN NOT NULL,
    "injuries" INTEGER NOT NULL,
    "deaths" INTEGER NOT NULL,
    "summary" TEXT NOT NULL,
    "importedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "EpaVehicle" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "baseModel" TEXT NOT NULL,
    "trany" TEXT NOT NULL,
    "cylinders" INTEGER,
    "displ" REAL,
    "drive" TEXT NOT NULL,
    "fuelType" TEXT NOT NULL,
    "atvType" TEXT NOT NULL,
    "city08" REAL,
    "highway08" REAL,
    "comb08" REAL,
    "fuelCost08" INTEGER,
    "rangeMiles" REAL,
    "co2" REAL,
    "importedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Complaint_year_makeKey_modelKey_idx" ON "Complaint"("year", "makeKey", "modelKey");

-- CreateIndex
CREATE INDEX "EpaVehicle_year_makeKey_idx" ON "EpaVehicle"("year", "makeKey");


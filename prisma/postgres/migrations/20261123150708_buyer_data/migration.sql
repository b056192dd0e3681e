-- CreateTable
CREATE TABLE "SourceAnswer" (
    "source" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SourceAnswer_pkey" PRIMARY KEY ("source","key")
);

-- CreateTable
CREATE TABLE "Complaint" (
    "cmplId" INTEGER NOT NULL,
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
    "importedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Complaint_pkey" PRIMARY KEY ("cmplId")
);

-- CreateTable
CREATE TABLE "EpaVehicle" (
    "id" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "baseModel" TEXT NOT NULL,
    "trany" TEXT NOT NULL,
    "cylinders" INTEGER,
    "displ" DOUBLE PRECISION,
    "drive" TEXT NOT NULL,
    "fuelType" TEXT NOT NULL,
    "atvType" TEXT NOT NULL,
    "city08" DOUBLE PRECISION,
    "highway08" DOUBLE PRECISION,
    "comb08" DOUBLE PRECISION,
    "fuelCost08" INTEGER,
    "rangeMiles" DOUBLE PRECISION,
    "co2" DOUBLE PRECISION,
    "importedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EpaVehicle_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Complaint_year_makeKey_modelKey_idx" ON "Complaint"("year", "makeKey", "modelKey");

-- CreateIndex
CREATE INDEX "EpaVehicle_year_makeKey_idx" ON "EpaVehicle"("year", "makeKey");


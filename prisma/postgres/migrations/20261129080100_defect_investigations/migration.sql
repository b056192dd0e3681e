-- CreateTable
CREATE TABLE "Investigation" (
    "actionNumber" TEXT NOT NULL,
    "component" TEXT NOT NULL,
    "manufacturer" TEXT NOT NULL,
    "openedOn" TEXT NOT NULL,
    "closedOn" TEXT,
    "campaignNumber" TEXT,
    "subject" TEXT NOT NULL,
    "summary" TEXT NOT NULL,

    CONSTRAINT "Investigation_pkey" PRIMARY KEY ("actionNumber")
);

-- CreateTable
CREATE TABLE "InvestigationVehicle" (
    "actionNumber" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,

    CONSTRAINT "InvestigationVehicle_pkey" PRIMARY KEY ("actionNumber","year","makeKey","modelKey")
);

-- CreateTable
CREATE TABLE "InvestigationStage" (
    "actionNumber" TEXT NOT NULL,
    "component" TEXT NOT NULL,
    "manufacturer" TEXT NOT NULL,
    "openedOn" TEXT NOT NULL,
    "closedOn" TEXT,
    "campaignNumber" TEXT,
    "subject" TEXT NOT NULL,
    "summary" TEXT NOT NULL,

    CONSTRAINT "InvestigationStage_pkey" PRIMARY KEY ("actionNumber")
);

-- CreateTable
CREATE TABLE "InvestigationVehicleStage" (
    "actionNumber" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,

    CONSTRAINT "InvestigationVehicleStage_pkey" PRIMARY KEY ("actionNumber","year","makeKey","modelKey")
);

-- CreateTable
CREATE TABLE "InvestigationImport" (
    "id" INTEGER NOT NULL,
    "file" TEXT NOT NULL,
    "rowsRead" INTEGER NOT NULL,
    "investigations" INTEGER NOT NULL,
    "vehicles" INTEGER NOT NULL,
    "importedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InvestigationImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InvestigationVehicle_year_makeKey_modelKey_idx" ON "InvestigationVehicle"("year", "makeKey", "modelKey");


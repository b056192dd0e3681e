-- CreateTable
CREATE TABLE "ServiceBulletin" (
    "nhtsaId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "documentId" TEXT,
    "type" TEXT NOT NULL,
    "issuedOn" TEXT,
    "summary" TEXT NOT NULL,

    CONSTRAINT "ServiceBulletin_pkey" PRIMARY KEY ("nhtsaId")
);

-- CreateTable
CREATE TABLE "ServiceBulletinVehicle" (
    "nhtsaId" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "period" TEXT NOT NULL,

    CONSTRAINT "ServiceBulletinVehicle_pkey" PRIMARY KEY ("nhtsaId", "year", "makeKey", "modelKey")
);

-- CreateTable
CREATE TABLE "ServiceBulletinStage" (
    "nhtsaId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "documentId" TEXT,
    "type" TEXT NOT NULL,
    "issuedOn" TEXT,
    "summary" TEXT NOT NULL,

    CONSTRAINT "ServiceBulletinStage_pkey" PRIMARY KEY ("nhtsaId")
);

-- CreateTable
CREATE TABLE "ServiceBulletinVehicleStage" (
    "nhtsaId" INTEGER NOT NULL,
    "year" INTEGER NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "period" TEXT NOT NULL,

    CONSTRAINT "ServiceBulletinVehicleStage_pkey" PRIMARY KEY ("nhtsaId", "year", "makeKey", "modelKey")
);

-- CreateTable
CREATE TABLE "ServiceBulletinPeriod" (
    "period" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "rowsRead" INTEGER NOT NULL,
    "vehicles" INTEGER NOT NULL,
    "bulletins" INTEGER NOT NULL,
    "importedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ServiceBulletinPeriod_pkey" PRIMARY KEY ("period")
);

-- CreateIndex
CREATE INDEX "ServiceBulletin_period_idx" ON "ServiceBulletin"("period");

-- CreateIndex
CREATE INDEX "ServiceBulletinVehicle_year_makeKey_modelKey_idx" ON "ServiceBulletinVehicle"("year", "makeKey", "modelKey");

-- CreateIndex
CREATE INDEX "ServiceBulletinVehicle_period_idx" ON "ServiceBulletinVehicle"("period");


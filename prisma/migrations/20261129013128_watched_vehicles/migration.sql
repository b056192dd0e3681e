-- AlterTable
ALTER TABLE "AlertEvent" ADD COLUMN "vehicleKey" TEXT;

-- CreateTable
CREATE TABLE "WatchedVehicle" (
    "watcherId" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "makeKey" TEXT NOT NULL,
    "modelKey" TEXT NOT NULL,
    "accountId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("watcherId", "year", "makeKey", "modelKey")
);

-- CreateIndex
CREATE INDEX "WatchedVehicle_year_makeKey_idx" ON "WatchedVehicle"("year", "makeKey");

-- CreateIndex
CREATE INDEX "WatchedVehicle_accountId_idx" ON "WatchedVehicle"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "AlertEvent_watcherId_vehicleKey_campaignNumber_key" ON "AlertEvent"("watcherId", "vehicleKey", "campaignNumber");


-- CreateTable
CREATE TABLE "WatchedVin" (
    "watcherId" TEXT NOT NULL,
    "vin" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "makeKey" TEXT NOT NULL,
    "accountId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("watcherId", "vin")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "watcherId" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT,
    "url" TEXT NOT NULL,
    "secretSealed" TEXT NOT NULL,
    "previousSealed" TEXT,
    "previousUntil" DATETIME,
    "email" TEXT NOT NULL,
    "failingSince" DATETIME,
    "lastSuccessAt" DATETIME,
    "lastFailureAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AlertEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "watcherId" TEXT NOT NULL,
    "accountId" TEXT,
    "type" TEXT NOT NULL,
    "vin" TEXT,
    "year" INTEGER,
    "make" TEXT,
    "model" TEXT,
    "campaignNumber" TEXT,
    "createdAt" DATETIME NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "lastAttemptAt" DATETIME,
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "deliveredAt" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME
);

-- CreateTable
CREATE TABLE "AlertDigest" (
    "accountId" TEXT NOT NULL PRIMARY KEY,
    "enabled" BOOLEAN NOT NULL,
    "sentUntil" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "WatchedVin_year_makeKey_idx" ON "WatchedVin"("year", "makeKey");

-- CreateIndex
CREATE INDEX "WatchedVin_accountId_idx" ON "WatchedVin"("accountId");

-- CreateIndex
CREATE INDEX "AlertEvent_status_nextAttemptAt_idx" ON "AlertEvent"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "AlertEvent_watcherId_createdAt_idx" ON "AlertEvent"("watcherId", "createdAt");

-- CreateIndex
CREATE INDEX "AlertEvent_accountId_createdAt_idx" ON "AlertEvent"("accountId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AlertEvent_watcherId_vin_campaignNumber_key" ON "AlertEvent"("watcherId", "vin", "campaignNumber");


-- CreateTable
CREATE TABLE "WatchedVin" (
    "watcherId" TEXT NOT NULL,
    "vin" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "makeKey" TEXT NOT NULL,
    "accountId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchedVin_pkey" PRIMARY KEY ("watcherId","vin")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "watcherId" TEXT NOT NULL,
    "accountId" TEXT,
    "url" TEXT NOT NULL,
    "secretSealed" TEXT NOT NULL,
    "previousSealed" TEXT,
    "previousUntil" TIMESTAMP(3),
    "email" TEXT NOT NULL,
    "failingSince" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "lastFailureAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("watcherId")
);

-- CreateTable
CREATE TABLE "AlertEvent" (
    "id" TEXT NOT NULL,
    "watcherId" TEXT NOT NULL,
    "accountId" TEXT,
    "type" TEXT NOT NULL,
    "vin" TEXT,
    "year" INTEGER,
    "make" TEXT,
    "model" TEXT,
    "campaignNumber" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "lastAttemptAt" TIMESTAMP(3),
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),

    CONSTRAINT "AlertEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertDigest" (
    "accountId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "sentUntil" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AlertDigest_pkey" PRIMARY KEY ("accountId")
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


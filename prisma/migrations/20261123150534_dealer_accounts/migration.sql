-- AlterTable
ALTER TABLE "DealerKey" ADD COLUMN "accountId" TEXT;
ALTER TABLE "DealerKey" ADD COLUMN "graceUntil" DATETIME;
ALTER TABLE "DealerKey" ADD COLUMN "locationId" TEXT;
ALTER TABLE "DealerKey" ADD COLUMN "replacedBy" TEXT;

-- CreateTable
CREATE TABLE "DealerAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "trialEndsAt" DATETIME,
    "partner" BOOLEAN NOT NULL DEFAULT false,
    "partnerTerms" TEXT,
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "currentPeriodEnd" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DealerLocation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removedAt" DATETIME,
    CONSTRAINT "DealerLocation_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "DealerAccount" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "AccountRateLimit" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "expire" DATETIME
);

-- CreateTable
CREATE TABLE "AuthUser" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AuthSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "expiresAt" DATETIME NOT NULL,
    "token" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "userId" TEXT NOT NULL,
    CONSTRAINT "AuthSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "AuthUser" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuthAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "accessToken" TEXT,
    "refreshToken" TEXT,
    "idToken" TEXT,
    "accessTokenExpiresAt" DATETIME,
    "refreshTokenExpiresAt" DATETIME,
    "scope" TEXT,
    "password" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AuthAccount_userId_fkey" FOREIGN KEY ("userId") REFERENCES "AuthUser" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuthVerification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DealerUsage" (
    "keyId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "vins" INTEGER NOT NULL DEFAULT 0,
    "stickers" INTEGER NOT NULL DEFAULT 0,
    "provisions" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("keyId", "day"),
    CONSTRAINT "DealerUsage_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "DealerKey" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_DealerUsage" ("day", "keyId", "requests", "vins") SELECT "day", "keyId", "requests", "vins" FROM "DealerUsage";
DROP TABLE "DealerUsage";
ALTER TABLE "new_DealerUsage" RENAME TO "DealerUsage";
CREATE INDEX "DealerUsage_day_idx" ON "DealerUsage"("day");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "DealerAccount_emailKey_key" ON "DealerAccount"("emailKey");

-- CreateIndex
CREATE UNIQUE INDEX "DealerAccount_stripeCustomerId_key" ON "DealerAccount"("stripeCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "DealerAccount_stripeSubscriptionId_key" ON "DealerAccount"("stripeSubscriptionId");

-- CreateIndex
CREATE INDEX "DealerLocation_accountId_idx" ON "DealerLocation"("accountId");

-- CreateIndex
CREATE INDEX "AccountRateLimit_expire_idx" ON "AccountRateLimit"("expire");

-- CreateIndex
CREATE UNIQUE INDEX "AuthUser_email_key" ON "AuthUser"("email");

-- CreateIndex
CREATE UNIQUE INDEX "AuthSession_token_key" ON "AuthSession"("token");

-- CreateIndex
CREATE INDEX "AuthSession_userId_idx" ON "AuthSession"("userId");

-- CreateIndex
CREATE INDEX "AuthAccount_userId_idx" ON "AuthAccount"("userId");

-- CreateIndex
CREATE INDEX "AuthVerification_identifier_idx" ON "AuthVerification"("identifier");

-- CreateIndex
CREATE INDEX "DealerKey_accountId_idx" ON "DealerKey"("accountId");


-- CreateTable
CREATE TABLE "VehicleInsight" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "year" INTEGER NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "text" TEXT,
    "writer" TEXT,
    "source" TEXT,
    "generatedAt" DATETIME,
    "expiresAt" DATETIME,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME
);


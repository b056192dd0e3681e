-- CreateTable
CREATE TABLE "VehicleInsight" (
    "key" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "make" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "text" TEXT,
    "writer" TEXT,
    "source" TEXT,
    "generatedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),

    CONSTRAINT "VehicleInsight_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "VpicEnrichment" (
    "descriptor" TEXT NOT NULL,
    "values" TEXT NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VpicEnrichment_pkey" PRIMARY KEY ("descriptor")
);


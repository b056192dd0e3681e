-- CreateTable
CREATE TABLE "VpicEnrichment" (
    "descriptor" TEXT NOT NULL PRIMARY KEY,
    "values" TEXT NOT NULL,
    "fetchedAt" DATETIME NOT NULL
);


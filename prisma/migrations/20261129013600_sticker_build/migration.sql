-- CreateTable
CREATE TABLE "StickerBuild" (
    "sha256" TEXT NOT NULL PRIMARY KEY,
    "parserVersion" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "parsedAt" DATETIME NOT NULL
);


-- CreateTable
CREATE TABLE "StickerBuild" (
    "sha256" TEXT NOT NULL,
    "parserVersion" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "parsedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StickerBuild_pkey" PRIMARY KEY ("sha256")
);

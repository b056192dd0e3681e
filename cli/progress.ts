/**
 * The progress bar of the file importers (`vinscope import recalls`, `import complaints`, `import fuel-economy`):
 * rows and megabytes read of the file, with an ETA. Started on the first report, so a file that fails to open
 * prints no empty bar.
 *
 *   const progress = importProgress();
 *   const summary = await importSomething(file, { onProgress: progress.onProgress });
 *   progress.stop();
 */
import cliProgress from "cli-progress";

export interface ImportProgressReport {
  bytesDone: number;
  totalBytes: number;
  rows: number;
}

export function importProgress(): { onProgress: (report: ImportProgressReport) => void; stop: () => void } {
  const bar = new cliProgress.SingleBar(
    {
      format: "{bar} {percentage}% | {rows} rows | {mb}/{totalMb} MB | ETA {eta_formatted}",
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress: ({ bytesDone, totalBytes, rows }) => {
      const payload = { rows, mb: (bytesDone / 1e6).toFixed(1), totalMb: (totalBytes / 1e6).toFixed(1) };
      if (!started) {
        bar.start(Math.max(totalBytes, 1), 0, payload);
        started = true;
      }
      bar.update(Math.min(bytesDone, totalBytes), payload);
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}

"use client";
// Reads a VIN from its barcode (Code 39 on door-jamb labels, Data Matrix or QR on newer labels and windshields):
// from a photo on any device, or from the rear camera where the browser has one. The image never leaves the
// browser: it is read here with the standard BarcodeDetector when the browser has it with these formats, or with
// the barcode-detector polyfill (ZXing's WebAssembly build, served by this app at /scan/zxing-reader.wasm; the
// polyfill's default is a CDN, which an offline install cannot reach). Rendered only once JavaScript runs, so
// the page without it shows the VIN box alone, as before.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { vinFromBarcode, type BarcodeVin } from "@/lib/vin/barcode-vin";

const FORMATS = ["code_39", "data_matrix", "qr_code"];
/** How often a camera frame is read: often enough to feel instant, rarely enough to leave a phone cool. */
const FRAME_INTERVAL_MS = 200;

interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

let detector: Promise<Detector> | null = null;

/** The native detector when it reads all three formats, else the polyfill with its wasm from this origin. */
function barcodeDetector(): Promise<Detector> {
  detector ??= (async () => {
    const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (Native) {
      const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
      if (FORMATS.every((f) => supported.includes(f))) return new Native({ formats: FORMATS });
    }
    const { BarcodeDetector, prepareZXingModule, ZXING_WASM_VERSION } = await import("barcode-detector/ponyfill");
    prepareZXingModule({
      overrides: {
        locateFile: (file: string, prefix: string) =>
          file.endsWith(".wasm") ? `/scan/zxing-reader.wasm?v=${ZXING_WASM_VERSION}` : prefix + file,
      },
    });
    return new BarcodeDetector({ formats: FORMATS as never });
  })();
  detector.catch(() => (detector = null));
  return detector;
}

/** The best VIN among what was read: a valid one first, then one to correct. */
function bestRead(values: string[]): BarcodeVin | null {
  const reads = values.map(vinFromBarcode);
  return reads.find((r) => r.kind === "vin") ?? reads.find((r) => r.kind === "check_digit") ?? null;
}

const noSubscription = () => () => {};

type Message = { text: string; tone: "muted" | "error-text" | "ok-text" };

export function VinScan({ onVin, onCorrection }: { onVin(vin: string): void; onCorrection(vin: string): void }) {
  // False in the server's HTML and during hydration, true once this runs in the browser: no control without JavaScript.
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const hasCamera = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.mediaDevices?.getUserMedia === "function",
    () => false,
  );
  const [scanning, setScanning] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const scanButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);

  const stopCamera = useCallback((returnFocus: boolean) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setScanning(false);
    if (returnFocus) scanButton.current?.focus();
  }, []);

  const settle = useCallback(
    (read: BarcodeVin | null, where: string) => {
      if (read?.kind === "vin") {
        setMessage({ text: `Read ${read.vin}. Opening its report…`, tone: "ok-text" });
        onVin(read.vin);
      } else if (read?.kind === "check_digit") {
        setMessage({
          text: `Read ${read.vin}, but its check digit (9th character) should be ${read.expected}, not ${read.actual}: the barcode may be damaged or misread. Correct the characters in the box, then press Decode.`,
          tone: "error-text",
        });
        onCorrection(read.vin);
      } else {
        setMessage({
          text: `No VIN barcode found in ${where}. Try closer, straighter and in good light.`,
          tone: "error-text",
        });
      }
    },
    [onVin, onCorrection],
  );

  // The camera is stopped whenever the control goes away: leaving the page, or the tab going to the background.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === "hidden") stopCamera(false);
    };
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", hidden);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", hidden);
      stopCamera(false);
    };
  }, [stopCamera]);

  async function readPhoto(file: File) {
    setMessage({ text: "Reading the photo…", tone: "muted" });
    try {
      const [reader, bitmap] = await Promise.all([barcodeDetector(), createImageBitmap(file)]);
      const found = await reader.detect(bitmap);
      bitmap.close();
      settle(bestRead(found.map((b) => b.rawValue)), "the photo");
    } catch {
      setMessage({ text: "The photo could not be read as an image.", tone: "error-text" });
    }
  }

  async function startCamera() {
    setMessage({ text: "Starting the camera…", tone: "muted" });
    try {
      const reader = await barcodeDetector();
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: "environment" } },
        audio: false,
      });
      setScanning(true);
      setMessage({ text: "Point the camera at the VIN barcode (door jamb or windshield).", tone: "muted" });
      const el = video.current;
      if (!el) return;
      el.srcObject = stream.current;
      await el.play();
      stopButton.current?.focus();
      const tick = async () => {
        if (!stream.current) return;
        const found = el.readyState >= 2 ? await reader.detect(el).catch(() => []) : [];
        const read = bestRead(found.map((b) => b.rawValue));
        if (read && stream.current) {
          stopCamera(false);
          settle(read, "the camera's view");
          return;
        }
        timer.current = window.setTimeout(tick, FRAME_INTERVAL_MS);
      };
      void tick();
    } catch (error) {
      stopCamera(false);
      const denied = error instanceof DOMException && error.name === "NotAllowedError";
      setMessage({
        text: denied
          ? "The camera was not allowed. Choose a photo of the barcode instead."
          : "The camera could not be started. Choose a photo of the barcode instead.",
        tone: "error-text",
      });
    }
  }

  if (!ready) return null;
  return (
    <div className="vin-scan" style={{ width: "100%" }} data-testid="vin-scan">
      <div className="inline">
        {hasCamera ? (
          <button
            ref={scanButton}
            type="button"
            className="secondary"
            aria-expanded={scanning}
            aria-controls="vin-scan-camera"
            onClick={() => (scanning ? stopCamera(true) : void startCamera())}
          >
            Scan
            <span className="visually-hidden"> the VIN barcode with the camera</span>
          </button>
        ) : null}
        <label htmlFor="vin-photo" className="muted">
          or read the barcode from a photo
        </label>
        <input
          id="vin-photo"
          type="file"
          accept="image/*"
          capture="environment"
          aria-describedby="vin-scan-status"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void readPhoto(file);
          }}
        />
      </div>
      <div id="vin-scan-camera" hidden={!scanning} onKeyDown={(e) => e.key === "Escape" && stopCamera(true)}>
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera view: point it at the VIN barcode"
          style={{ width: "100%", maxWidth: "28rem", display: "block" }}
        />
        <button ref={stopButton} type="button" className="secondary" onClick={() => stopCamera(true)}>
          Stop the camera
        </button>
      </div>
      <p id="vin-scan-status" className={message?.tone ?? "muted"} aria-live="polite" style={{ margin: "0.2rem 0 0" }}>
        {message?.text ?? "Nothing is uploaded: the image is read in this browser."}
      </p>
    </div>
  );
}

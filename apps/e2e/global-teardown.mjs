/** Stops the platform the global setup started (same process). */
export default async function globalTeardown() {
  await globalThis.atriumE2ePlatform?.stop();
  globalThis.atriumE2ePlatform = undefined;
}

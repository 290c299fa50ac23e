/**
 * The page's countdowns run on the server's clock: the game menu says what time it is there
 * (`serverTime`), and the difference to this device's clock at the moment the answer arrived is
 * added to every reading after it. A device clock that is minutes off still closes the sale on
 * the second the server does.
 */

/** The server's clock minus this device's, from a `serverTime` read at `receivedAtMs` (device time). */
export function clockOffsetMs(serverTime: string, receivedAtMs: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAtMs : 0;
}

/** The server's time now, in ms. */
export const serverNowMs = (offsetMs: number, deviceNowMs = Date.now()): number => deviceNowMs + offsetMs;

/** Milliseconds from the server's now until `atIso` (0 once passed). */
export function msUntil(atIso: string, offsetMs: number, deviceNowMs = Date.now()): number {
  const at = Date.parse(atIso);
  return Number.isFinite(at) ? Math.max(0, at - serverNowMs(offsetMs, deviceNowMs)) : 0;
}

/** A countdown as the page shows it: "0:42", "4:05", "1:02:09" (whole seconds, rounded up). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

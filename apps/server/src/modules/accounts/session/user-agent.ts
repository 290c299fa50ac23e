/** The User-Agent kept with a session is cut to this many characters. */
export const USER_AGENT_MAX = 512;

/** Browsers by their User-Agent token, most specific first (Edge and Opera also say Chrome). */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\//, 'WeChat'],
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/UCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, most specific first (Android also says Linux; iPadOS may say Macintosh). */
const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1] ?? null;

/**
 * A short readable name of a device from its User-Agent: browser and system, null when not
 * recognised. Deliberately coarse: a label for the member, not a fingerprint.
 */
export function describeUserAgent(ua: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  if (!ua) return { browser: null, os: null };
  return { browser: first(ua, BROWSERS), os: first(ua, SYSTEMS) };
}

/** The header as kept: trimmed, cut, null when absent. */
export function keptUserAgent(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.slice(0, USER_AGENT_MAX) : null;
}

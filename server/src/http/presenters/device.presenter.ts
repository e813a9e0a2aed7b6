/** A session's device in words a person recognises, read from the User-Agent it signed in with. */
export function deviceOf(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  return { browser: browserOf(userAgent), os: osOf(userAgent) };
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^node|undici/i, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function browserOf(userAgent: string): string | null {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

function osOf(userAgent: string): string | null {
  return SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

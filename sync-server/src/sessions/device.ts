/**
 * A short name for the device behind a user agent, for her devices list: 'Chrome on Android',
 * 'Safari on iPhone'. Only what the user agent says plainly; one known part alone ('Firefox',
 * 'Android device'); 'Unknown device' when it says nothing we know (curl, an empty header).
 */
export function deviceOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = browserOf(ua);
  const os = osOf(ua);
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `${os} device`;
  return 'Unknown device';
}

/** Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari. */
function browserOf(ua: string): string | undefined {
  if (/\b(Edg|Edge|EdgA|EdgiOS)\//.test(ua)) return 'Edge';
  if (/\b(OPR|Opera|OPiOS|OPT)\//.test(ua)) return 'Opera';
  if (/\bSamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/\b(Firefox|FxiOS)\//.test(ua)) return 'Firefox';
  if (/\b(Chrome|CriOS|HeadlessChrome|Chromium)\//.test(ua)) return 'Chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua) || /\bAppleWebKit\/.*\bMobile\/\w+/.test(ua)) {
    return 'Safari';
  }
  return undefined;
}

function osOf(ua: string): string | undefined {
  if (/\biPhone\b|\biPod\b/.test(ua)) return 'iPhone';
  if (/\biPad\b/.test(ua)) return 'iPad';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'Linux';
  return undefined;
}

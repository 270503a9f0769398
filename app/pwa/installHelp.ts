/**
 * Install help: where the browser offers installing (`beforeinstallprompt`) she is
 * offered it once; where it never does (Safari on an iPhone or iPad) she is told once how to add
 * Besties to her home screen. Either is over for good once she dismisses it or installs: kept on
 * the device (localStorage), so a reload or another tab does not ask again.
 */

const ITEM = 'besties.installHelp';

/** What Settings shows her about installing, if anything. */
export type InstallHelp = 'none' | 'ios-hint' | 'install-offer';

export interface InstallSituation {
  userAgent: string;
  /** An iPad with iPadOS says it is a Mac; its touch points give it away. */
  maxTouchPoints: number;
  /** Already opened from the home screen (display-mode: standalone, navigator.standalone). */
  standalone: boolean;
  /** The browser has offered installing. */
  canPrompt: boolean;
  /** She has dismissed the help, or installed. */
  done: boolean;
}

/** An iPhone, iPod or iPad: its browsers never offer installing; the Share sheet does. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return true;
  return /\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1;
}

export function installHelpFor(situation: InstallSituation): InstallHelp {
  if (situation.done || situation.standalone) return 'none';
  if (situation.canPrompt) return 'install-offer';
  if (isIos(situation.userAgent, situation.maxTouchPoints)) return 'ios-hint';
  return 'none';
}

/** Opened from the home screen already: nothing to install. */
export function runsStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  // jsdom and old browsers have no matchMedia.
  const media =
    typeof window.matchMedia === 'function'
      ? window.matchMedia('(display-mode: standalone)')
      : null;
  return iosStandalone || media?.matches === true;
}

export function installHelpDone(): boolean {
  try {
    return localStorage.getItem(ITEM) === 'done';
  } catch {
    return false;
  }
}

export function markInstallHelpDone(): void {
  try {
    localStorage.setItem(ITEM, 'done');
  } catch {
    // Storage refused (private mode): she may see it once more, on her next visit.
  }
}

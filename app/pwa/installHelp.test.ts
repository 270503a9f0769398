import { beforeEach, describe, expect, it } from 'vitest';
import {
  installHelpDone,
  installHelpFor,
  isIos,
  markInstallHelpDone,
  type InstallSituation,
} from './installHelp';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const situation = (over: Partial<InstallSituation>): InstallSituation => ({
  userAgent: ANDROID_CHROME,
  maxTouchPoints: 5,
  standalone: false,
  canPrompt: false,
  done: false,
  ...over,
});

beforeEach(() => localStorage.clear());

describe('which install help she sees', () => {
  it('knows an iPhone, and an iPad that says it is a Mac, but not a Mac or an Android phone', () => {
    expect(isIos(IPHONE, 5)).toBe(true);
    expect(isIos(IPAD_AS_MAC, 5)).toBe(true);
    expect(isIos(IPAD_AS_MAC, 0)).toBe(false);
    expect(isIos(ANDROID_CHROME, 5)).toBe(false);
  });

  it('tells an iPhone how to add Besties to the home screen', () => {
    expect(installHelpFor(situation({ userAgent: IPHONE }))).toBe('ios-hint');
  });

  it('offers installing where the browser has offered it', () => {
    expect(installHelpFor(situation({ canPrompt: true }))).toBe('install-offer');
  });

  it('shows nothing where the browser offers nothing and is not an iPhone', () => {
    expect(installHelpFor(situation({}))).toBe('none');
  });

  it('shows nothing once opened from the home screen', () => {
    expect(installHelpFor(situation({ userAgent: IPHONE, standalone: true }))).toBe('none');
    expect(installHelpFor(situation({ canPrompt: true, standalone: true }))).toBe('none');
  });

  it('shows nothing again once she has dismissed it or installed', () => {
    expect(installHelpFor(situation({ userAgent: IPHONE, done: true }))).toBe('none');
    expect(installHelpFor(situation({ canPrompt: true, done: true }))).toBe('none');
  });
});

describe('install help is shown until she is done with it, once', () => {
  it('is not done on a fresh device', () => {
    expect(installHelpDone()).toBe(false);
  });

  it('is done for good once marked, across reloads (localStorage)', () => {
    markInstallHelpDone();
    expect(installHelpDone()).toBe(true);
    expect(localStorage.getItem('besties.installHelp')).toBe('done');
  });
});

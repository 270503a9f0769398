import { create } from 'zustand';

/** The part of BeforeInstallPromptEvent we use (not in lib.dom). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** Set when the browser offered installing (`beforeinstallprompt`). */
  installPrompt: InstallPromptEvent | null;
  /** A new version waits; calling it flushes the outbox and reloads into it. */
  applyUpdate: (() => Promise<void>) | null;
}

export const usePwaStore = create<PwaState>(() => ({ installPrompt: null, applyUpdate: null }));

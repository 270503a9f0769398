import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; the Toaster's default when unset. */
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description' | 'duration'>> {
  id: number;
  description?: string;
  duration?: number;
  open: boolean;
}

interface ToastState {
  current: ToastItem | null;
}

/** Only one toast shows at a time (spec §9): a new one replaces the one on screen. */
export const useToastStore = create<ToastState>(() => ({ current: null }));

let nextId = 1;

export function toast({ title, description, variant = 'default', duration }: ToastInput): void {
  useToastStore.setState({
    current: { id: nextId++, title, description, variant, duration, open: true },
  });
}

export function dismissToast(id: number): void {
  const { current } = useToastStore.getState();
  if (current?.id === id) useToastStore.setState({ current: { ...current, open: false } });
}

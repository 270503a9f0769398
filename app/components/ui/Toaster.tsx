import * as ToastPrimitive from '@radix-ui/react-toast';
import { dismissToast, useToastStore } from '../../state/useToastStore';

const TOAST_DURATION_MS = 5000;

/**
 * The toast area (a region named "Notifications"). One toast at a time: a new one replaces
 * the old. Destructive toasts are announced assertively, others politely.
 */
export function Toaster() {
  const current = useToastStore((state) => state.current);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          open={current.open}
          duration={current.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast toast--${current.variant}`}
          data-variant={current.variant}
        >
          <div className="toast__text">
            <ToastPrimitive.Title className="toast__title">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="toast__description">
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close className="toast__close" aria-label="Dismiss notification">
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="toast-viewport" />
    </ToastPrimitive.Provider>
  );
}

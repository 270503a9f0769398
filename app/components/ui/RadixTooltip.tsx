import * as Tooltip from '@radix-ui/react-tooltip';
import { useSyncExternalStore } from 'react';
import type {
  FocusEvent,
  KeyboardEvent,
  PointerEvent,
  ReactElement,
  Ref,
  RefCallback,
} from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltipTiming';
import './tooltip.css';

export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS };

/**
 * Whether a tooltip is open or closed less than TOOLTIP_SKIP_DELAY_MS ago, for every button:
 * what one shared Radix provider would know.
 */
const warmth = (() => {
  let warm = false;
  let cooling: number | undefined;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (warm === value) return;
    warm = value;
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: () => warm,
    opened() {
      window.clearTimeout(cooling);
      set(true);
    },
    closed() {
      window.clearTimeout(cooling);
      cooling = window.setTimeout(() => set(false), TOOLTIP_SKIP_DELAY_MS);
    },
  };
})();

export interface TooltipTriggerProps {
  'aria-label': string;
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}

interface RadixTooltipProps extends Record<string, unknown> {
  /**
   * An icon-only button or link. Its aria-label is the tooltip's text: what she sees on hover
   * is what a screen reader says, and the tooltip leaves that name as it is.
   */
  children: ReactElement<TooltipTriggerProps>;
  ref?: RefCallback<HTMLElement>;
  /** With any other prop, from a Radix `asChild` parent (the '⋯' menu's trigger). */
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * An icon-only button's name in a tooltip. Loaded after the screen paints: by IconTooltip, or
 * with the lazy part of the screen that draws the button (the chat's menu).
 */
export function RadixTooltip({ children, ref, onFocus, ...props }: RadixTooltipProps) {
  const warm = useSyncExternalStore(warmth.subscribe, warmth.get);
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <Tooltip.Root
        delayDuration={warm ? 0 : TOOLTIP_DELAY_MS}
        onOpenChange={(open) => (open ? warmth.opened() : warmth.closed())}
      >
        <Tooltip.Trigger
          asChild
          {...props}
          ref={ref}
          onFocus={(event) => {
            onFocus?.(event);
            // Radix opens on any focus; she needs it when she moved there with the keyboard. Focus
            // given back after a tap (closing the phone's menu returns it to 'Open menu') would
            // leave a tooltip over the screen. Prevented, Radix leaves it shut.
            if (!event.currentTarget.matches(':focus-visible')) event.preventDefault();
          }}
        >
          {children}
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="tooltip" sideOffset={4} collisionPadding={8}>
            {children.props['aria-label']}
            <Tooltip.Arrow className="tooltip__arrow" width={10} height={5} />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

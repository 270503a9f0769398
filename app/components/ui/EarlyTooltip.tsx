import { useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** Room kept between the tooltip and the button, and between it and the screen's edges. */
const GAP_PX = 4;
const EDGE_PX = 8;

/**
 * A button's name in a tooltip before Radix's has loaded (IconTooltip): the same look, above
 * the button (below it when there is no room), kept on the screen. Measured only when shown,
 * under her pointer: nothing is laid out for it on the first paint.
 */
export function EarlyTooltip({ anchor, text }: { anchor: HTMLElement; text: string }) {
  const tooltip = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = tooltip.current;
    if (!node) return;
    const button = anchor.getBoundingClientRect();
    const { width, height } = node.getBoundingClientRect();
    const above = button.top - GAP_PX - height;
    const top = above >= EDGE_PX ? above : button.bottom + GAP_PX;
    const centred = button.left + button.width / 2 - width / 2;
    const left = Math.max(EDGE_PX, Math.min(centred, window.innerWidth - width - EDGE_PX));
    node.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
    node.style.visibility = 'visible';
  }, [anchor]);
  return createPortal(
    <div ref={tooltip} role="tooltip" className="tooltip tooltip--early">
      {text}
    </div>,
    document.body,
  );
}

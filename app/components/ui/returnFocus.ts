/**
 * Where focus goes back to when a dialog closes. Radix returns it to a Dialog.Trigger, but most
 * of our dialogs open from state (a send, a teaser, a menu item, a timer), so without this her
 * focus fell to <body> and the keyboard had to start again from the top of the page.
 *
 * A dialog remembers what had focus as it opened, and through that element's own dialog, what
 * opened that one: a dialog opened from a drawer that closed on the way (the persona picker
 * from the phone's menu) gives focus back to the button that opened the drawer.
 */

/**
 * The element focused last, even if it has since left the page (a drawer's button), and the
 * dialog it sat in then (read while it was still on the page).
 */
let lastFocused: { element: Element; host: Element | null } | null = null;
let listening = false;

const openers = new WeakMap<Element, Element[]>();

const hostOf = (element: Element) => element.closest('[role="dialog"], [role="alertdialog"]');

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof Element) {
      lastFocused = { element: event.target, host: hostOf(event.target) };
    }
  });
}

/** What opened the dialog, then what opened the dialog that element sat in, and so on. */
function openerChain(): Element[] {
  const active = document.activeElement;
  const opener =
    active && active !== document.body ? { element: active, host: hostOf(active) } : lastFocused;
  if (!opener) return [];
  return [opener.element, ...((opener.host && openers.get(opener.host)) ?? [])];
}

function canTakeFocus(element: Element): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.matches(':disabled') &&
    // Not in a hidden part of the page (the sidebar column on a phone). jsdom has no layout.
    (typeof element.checkVisibility !== 'function' || element.checkVisibility())
  );
}

/**
 * Event handlers for a Radix Dialog.Content, wrapping the caller's own. Both events are
 * dispatched on the dialog's element, which keys what opened it.
 */
export function returnFocusHandlers<E extends Event>(own: {
  onOpenAutoFocus?: (event: E) => void;
  onCloseAutoFocus?: (event: E) => void;
}) {
  listen();
  return {
    onOpenAutoFocus(event: E) {
      if (event.currentTarget instanceof Element) openers.set(event.currentTarget, openerChain());
      own.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: E) {
      own.onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !(event.currentTarget instanceof Element)) return;
      const target = (openers.get(event.currentTarget) ?? []).find(canTakeFocus);
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

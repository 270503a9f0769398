import {
  cloneElement,
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  type RefCallback,
} from 'react';
import { flushSync } from 'react-dom';
import { afterScreenDrawn } from '../afterScreen';
import { lazyModule, useLazyModule } from '../lazyModule';
import type * as RadixTooltipModule from './RadixTooltip';
import type { TooltipTriggerProps } from './RadixTooltip';
import { TOOLTIP_DELAY_MS } from './tooltipTiming';

/*
 * Radix's tooltip brings Floating UI, about 13 kB gzip that no screen needs to paint.
 * It loads once the screen is drawn (afterScreen.ts). A button becomes a Radix trigger only when she points
 * at it or moves to it: her chat history has a delete button per chat, and a thousand tooltip
 * roots would slow every drawing of the list (and a phone, touched not pointed at, shows none).
 */
let tooltips: typeof RadixTooltipModule | null = null;
let loading: Promise<void> | null = null;
let scheduled = false;
const listeners = new Set<() => void>();

/*
 * A button becoming a trigger is a new element. Between a press and its click that would lose
 * the click (its press and release on two elements), so tooltips that arrive while a pointer
 * is down wait until the click is done.
 */
let pressing = false;
let afterPress: (() => void) | null = null;

function watchPresses() {
  const up = () => {
    pressing = false;
    // After the click, which follows the release in the same turn.
    window.setTimeout(() => {
      const run = afterPress;
      afterPress = null;
      run?.();
    });
  };
  document.addEventListener('pointerdown', () => (pressing = true), true);
  document.addEventListener('pointerup', up, true);
  document.addEventListener('pointercancel', up, true);
}

function swapWanted() {
  if (pressing) afterPress = swapWanted;
  else for (const listener of listeners) listener();
}

/**
 * Fetches the tooltips, once. Never fails: without them (offline before the app was cached)
 * each button still has its name and still works.
 */
export function loadTooltips(): Promise<void> {
  loading ??= import('./RadixTooltip').then(
    (module) => {
      tooltips = module;
      swapWanted();
    },
    (error: unknown) => console.error('Could not load the tooltips', error),
  );
  return loading;
}

function loadAfterPaint() {
  if (scheduled) return;
  scheduled = true;
  watchPresses();
  // Once the screen is drawn (afterScreen.ts); once for all the buttons, however many.
  afterScreenDrawn(() => void loadTooltips());
}

/** The early tooltip: fetched as her pointer comes onto a button, in well before its 700 ms. */
const earlyTooltip = lazyModule(() => import('./EarlyTooltip'));

/** The tooltips once this button wants them and they are here (loading them if need be). */
function useTooltips(wanted: boolean): typeof RadixTooltipModule | null {
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  useEffect(loadAfterPaint, []);
  useEffect(() => {
    if (!wanted || tooltips) return;
    listeners.add(arrived);
    void loadTooltips();
    return () => void listeners.delete(arrived);
  }, [wanted]);
  return wanted ? tooltips : null;
}

/**
 * Her pointer on a button before Radix's tooltip has loaded: waiting the spec's 700 ms, its name
 * shown (EarlyTooltip), or put away by a press. Until she leaves the button it keeps its plain
 * element: a Radix trigger swapped in under her pointer would start its own wait again.
 */
type EarlyHover = 'none' | 'waiting' | 'shown' | 'pressed';

/**
 * The early tooltip's state and the button it is for (the one her pointer came onto), its
 * 700 ms counted from then.
 */
function useEarlyHover() {
  const [state, setState] = useState<{ hover: EarlyHover; anchor: HTMLElement | null }>({
    hover: 'none',
    anchor: null,
  });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    ...state,
    start(anchor: HTMLElement) {
      window.clearTimeout(timer.current);
      setState({ hover: 'waiting', anchor });
      timer.current = window.setTimeout(
        () => setState((now) => (now.hover === 'waiting' ? { ...now, hover: 'shown' } : now)),
        TOOLTIP_DELAY_MS,
      );
    },
    put(next: 'none' | 'pressed') {
      window.clearTimeout(timer.current);
      setState((now) => (now.hover === 'none' ? now : { ...now, hover: next }));
    },
  };
}

/**
 * An icon-only button or link with its aria-label in a tooltip (spec §9): after 700 ms under the
 * pointer, at once when she moves to it with the keyboard. Adds no element around it. Under her
 * pointer from the screen's first paint: before Radix's tooltip is here, an early one shows.
 */
export function IconTooltip({ children }: { children: ReactElement<TooltipTriggerProps> }) {
  const [wanted, setWanted] = useState(false);
  const radix = useTooltips(wanted);
  const early = useEarlyHover();
  const earlyShown = useLazyModule(earlyTooltip, { now: early.hover !== 'none' });
  const keepFocus = useKeepFocus();
  const {
    ref: ownRef,
    onPointerEnter,
    onPointerLeave,
    onPointerDown,
    onFocus,
    onKeyDown,
  } = children.props;
  // Radix's trigger gives the node to the button's own ref too (cloneElement would replace it).
  const plainRef = useCallback(
    (element: HTMLElement | null) => {
      assignRef(ownRef, element);
      keepFocus(element);
    },
    [ownRef, keepFocus],
  );

  if (radix && early.hover === 'none') {
    return <radix.RadixTooltip ref={keepFocus}>{children}</radix.RadixTooltip>;
  }
  const button = cloneElement(children, {
    ref: plainRef,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      onPointerEnter?.(event);
      if (event.pointerType === 'touch' || pressing) return;
      // Now, before any press: a press on this element and a release on its successor would
      // be no click.
      if (tooltips) {
        flushSync(() => setWanted(true));
        return;
      }
      setWanted(true);
      early.start(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      onPointerLeave?.(event);
      early.put('none');
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      onPointerDown?.(event);
      early.put('pressed');
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      onKeyDown?.(event);
      if (event.key === 'Escape') early.put('pressed');
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      onFocus?.(event);
      // The keyboard's: a press focuses the button too, and must keep its element to click.
      if (event.currentTarget.matches(':focus-visible')) setWanted(true);
    },
  });
  // Always a fragment: the button keeps its element as the tooltip comes and goes.
  return (
    <>
      {button}
      {early.hover === 'shown' && early.anchor && earlyShown && (
        <earlyShown.EarlyTooltip anchor={early.anchor} text={children.props['aria-label']} />
      )}
    </>
  );
}

/**
 * The tooltip's trigger is a new element: a button that had focus as it was swapped in would
 * lose it to the page, and with it her place on the screen. The new one takes it, with its
 * focus ring if the old one showed one (where the browser lets a script say so).
 */
function useKeepFocus(): RefCallback<HTMLElement> {
  const state = useRef<{ node: HTMLElement | null; focus: FocusOptions | null }>({
    node: null,
    focus: null,
  });
  return useCallback((node: HTMLElement | null) => {
    const current = state.current;
    if (!node) {
      // React lets go of the old node while it is still on the page, and still focused.
      const old = current.node;
      current.focus =
        old && old === document.activeElement
          ? { preventScroll: true, focusVisible: old.matches(':focus-visible') }
          : null;
      current.node = null;
      return;
    }
    if (current.focus && node !== document.activeElement) node.focus(current.focus);
    current.node = node;
    current.focus = null;
  }, []);
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

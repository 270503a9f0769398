/**
 * Spec §9: a tooltip waits this long under the pointer, so passing over a button shows nothing;
 * keyboard focus shows it at once. Its own module: the first paint's early tooltip
 * (IconTooltip) needs it without Radix's chunk.
 */
export const TOOLTIP_DELAY_MS = 700;
/**
 * Spec §9: on to another button within this long of a tooltip closing, its tooltip opens at
 * once. Each button has its own provider (none can sit above the screen before this loads
 * without drawing the screen again), so the providers share it (RadixTooltip's `warmth`).
 */
export const TOOLTIP_SKIP_DELAY_MS = 300;

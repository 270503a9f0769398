import { expect, type Locator, type Page } from '@playwright/test';

export const THEMES = ['pink', 'light', 'dark'] as const;

/** What the focused element draws to show it has focus, in one theme. */
export interface FocusRing {
  theme: string;
  /** The element that has focus, for messages: tag, name or class. */
  element: string;
  /** Which element draws the ring (a radio's label draws it for the hidden-looking radio). */
  drawnBy: string;
  kind: 'outline' | 'box-shadow' | 'none';
  width: number;
  color: string;
  background: string;
  /** The ring's colour against what it sits on (WCAG 1.4.11 asks at least 3:1). */
  contrast: number;
}

/**
 * Reads the focus indicator of document.activeElement in each theme: the outline (or a
 * box-shadow ring) the element or its label draws, and the colour behind it (inside the element
 * for a negative outline-offset, else what is under the element), with the contrast between them.
 */
export async function focusRings(page: Page): Promise<FocusRing[]> {
  return page.evaluate((themes) => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba | null => {
      const numbers = value.match(/[\d.]+/g)?.map(Number);
      if (!numbers || numbers.length < 3 || !/^rgba?\(/.test(value)) return null;
      return [numbers[0]!, numbers[1]!, numbers[2]!, numbers[3] ?? 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [
        top[0] * a + under[0] * (1 - a),
        top[1] * a + under[1] * (1 - a),
        top[2] * a + under[2] * (1 - a),
        1,
      ];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    /** The solid colour under `from`: its own and its ancestors' backgrounds, composited. */
    const backgroundAt = (from: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let node = from; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const rgb = ([r, g, b]: Rgba) => `rgb(${[r, g, b].map(Math.round).join(', ')})`;
    const describe = (element: Element) =>
      element.getAttribute('aria-label') ||
      (element as HTMLElement).innerText?.trim().slice(0, 30) ||
      `${element.tagName.toLowerCase()}.${element.className}`;

    const active = document.activeElement;
    if (!active || active === document.body) {
      return themes.map((theme) => ({
        theme,
        element: 'nothing (body)',
        drawnBy: '',
        kind: 'none' as const,
        width: 0,
        color: '',
        background: '',
        contrast: 0,
      }));
    }
    // A native radio or checkbox inside its label: the label draws the ring around both.
    const drawers = [active, active.closest('label')].filter((node): node is Element => !!node);
    const root = document.documentElement;
    const shown = root.dataset.theme;
    const rings = themes.map((theme) => {
      root.dataset.theme = theme;
      for (const drawer of drawers) {
        const style = getComputedStyle(drawer);
        const width = parseFloat(style.outlineWidth);
        if (style.outlineStyle !== 'none' && width > 0) {
          const colour = parse(style.outlineColor) ?? [0, 0, 0, 0];
          const inside = parseFloat(style.outlineOffset) < 0;
          const background = backgroundAt(inside ? drawer : drawer.parentElement);
          return {
            theme,
            element: describe(active),
            drawnBy: describe(drawer),
            kind: 'outline' as const,
            width,
            color: style.outlineColor,
            background: rgb(background),
            contrast: contrast(over(colour, background), background),
          };
        }
        const shadow = style.boxShadow;
        // A ring is a spread shadow with no blur ("... 0px 0px 0px 3px"); a soft drop shadow is not.
        const ring = /(rgba?\([^)]*\))\s+0px\s+0px\s+0px\s+([\d.]+)px/.exec(shadow);
        if (ring && parseFloat(ring[2]!) >= 2) {
          const colour = parse(ring[1]!)!;
          const background = backgroundAt(drawer.parentElement);
          return {
            theme,
            element: describe(active),
            drawnBy: describe(drawer),
            kind: 'box-shadow' as const,
            width: parseFloat(ring[2]!),
            color: ring[1]!,
            background: rgb(background),
            contrast: contrast(over(colour, background), background),
          };
        }
      }
      return {
        theme,
        element: describe(active),
        drawnBy: '',
        kind: 'none' as const,
        width: 0,
        color: '',
        background: '',
        contrast: 0,
      };
    });
    if (shown === undefined) delete root.dataset.theme;
    else root.dataset.theme = shown;
    return rings;
  }, THEMES);
}

/**
 * The focused element shows a focus ring at least 2 px wide, at least 3:1 against what it sits
 * on, in every theme.
 */
export async function expectVisibleFocus(page: Page, where = ''): Promise<void> {
  const rings = await focusRings(page);
  const weak = rings.filter((ring) => ring.kind === 'none' || ring.width < 2 || ring.contrast < 3);
  expect(weak, `${where} weak or missing focus ring: ${JSON.stringify(weak, null, 1)}`).toEqual([]);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would, checking the
 * focus ring of every stop on the way. Fails if it takes more than `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 40 }: { back?: boolean; max?: number } = {},
): Promise<number> {
  await expect(target).toBeVisible({ timeout: 20_000 });
  if (await target.evaluate((node) => node === document.activeElement)) {
    await expectVisibleFocus(page, 'already focused');
    return 0;
  }
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((node) => node === document.activeElement)) {
      await expect(target).toBeFocused();
      await expectVisibleFocus(page, `tab stop ${presses}`);
      return presses;
    }
    // Past the last stop focus leaves the page for the browser's own controls: not a stop.
    if ((await focusedName(page)) !== 'body') {
      await expectVisibleFocus(page, `tab stop ${presses} on the way`);
    }
  }
  throw new Error(`${target.toString()} was not reached in ${max} presses of Tab`);
}

/** The accessible name of what has focus (for messages and for the trap checks). */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return (
      active.getAttribute('aria-label') ||
      (active as HTMLElement).innerText?.trim().slice(0, 40) ||
      active.tagName.toLowerCase()
    );
  });
}

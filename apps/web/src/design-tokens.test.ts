import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast, over, parseOklch, type Rgb, tokensOf } from './test/colour-contrast';

/**
 * Every pair of design tokens that text is painted with (styles.css, both themes) reaches WCAG AA's
 * 4.5:1, computed from the tokens' own values — so a page cannot bring a pair that fails, and a
 * change of a token is checked on every surface at once, not page by page.
 */
const css = fs.readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');
const THEMES = {
  light: tokensOf(css, ':root'),
  dark: { ...tokensOf(css, ':root'), ...tokensOf(css, '.dark') },
};

/** What pages are painted on: the page, cards, menus, the sidebar and the muted/tinted blocks. */
const SURFACES = ['background', 'card', 'popover', 'muted', 'secondary', 'accent', 'sidebar', 'canvas'];
/** Tokens text is written in directly on those surfaces. */
const TEXT = ['foreground', 'muted-foreground', 'primary', 'destructive', ...statusText()];
/** Filled colours and the text written on them (buttons, badges, avatars, chat bubbles). */
const FILLED = [
  'primary',
  'secondary',
  'accent',
  'muted',
  'destructive',
  'success',
  'warning',
  'info',
  'avatar',
];
/**
 * Tinted blocks (`bg-success/15`, a selected row's `bg-primary/10`): a status colour at up to 15 %
 * over any surface, with the status's own text colour or the foreground on it.
 */
const TINTS = {
  primary: 'primary',
  destructive: 'destructive-text',
  success: 'success-text',
  warning: 'warning-text',
  info: 'info-text',
};
const TINT_ALPHAS = [0.05, 0.1, 0.15];

function statusText() {
  return ['destructive-text', 'success-text', 'warning-text', 'info-text'];
}

const AA = 4.5;

for (const [theme, tokens] of Object.entries(THEMES)) {
  const colour = (name: string): Rgb => {
    const value = tokens[name];
    if (!value) throw new Error(`${theme}: no --${name} token`);
    return parseOklch(value);
  };
  const failures = (pairs: [string, Rgb, Rgb][]) =>
    pairs
      .map(([label, fg, bg]) => ({ label, ratio: Math.round(contrast(fg, bg) * 100) / 100 }))
      .filter((p) => p.ratio < AA)
      .map((p) => `${p.label}: ${p.ratio}:1`);

  describe(`the ${theme} theme's tokens`, () => {
    it('text tokens on every surface', () => {
      const pairs = SURFACES.flatMap((s) =>
        TEXT.map((t): [string, Rgb, Rgb] => [`${t} on ${s}`, colour(t), colour(s)]),
      );
      expect(failures(pairs)).toEqual([]);
    });

    it('each filled colour with its own foreground', () => {
      const pairs = FILLED.map((f): [string, Rgb, Rgb] => [
        `${f}-foreground on ${f}`,
        colour(`${f}-foreground`),
        colour(f),
      ]);
      expect(failures(pairs)).toEqual([]);
    });

    it('status text and the foreground on status tints over every surface', () => {
      const pairs = Object.entries(TINTS).flatMap(([tint, text]) =>
        SURFACES.flatMap((s) =>
          TINT_ALPHAS.flatMap((alpha) => {
            const bg = over(colour(tint), alpha, colour(s));
            const label = `on ${tint}/${alpha * 100} over ${s}`;
            return [
              [`${text} ${label}`, colour(text), bg] as [string, Rgb, Rgb],
              [`foreground ${label}`, colour('foreground'), bg] as [string, Rgb, Rgb],
            ];
          }),
        ),
      );
      expect(failures(pairs)).toEqual([]);
    });
  });
}

describe('the contrast arithmetic', () => {
  it('gives the known ratios of black, white and a mid grey', () => {
    const white = parseOklch('oklch(1 0 0)');
    const black = parseOklch('oklch(0 0 0)');
    expect(contrast(white, black)).toBeCloseTo(21, 1);
    // A grey's OKLab lightness is the cube root of its luminance: 0.6 → Y = 0.216, 1.05 / 0.266.
    expect(contrast(parseOklch('oklch(0.6 0 0)'), white)).toBeCloseTo(3.947, 2);
    expect(contrast(over(black, 0.5, white), white)).toBeGreaterThan(3);
  });
});

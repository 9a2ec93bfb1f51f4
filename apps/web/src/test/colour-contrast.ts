/**
 * WCAG 2.x contrast from CSS colours as the design tokens write them (oklch), for the tokens' test.
 * oklch → OKLab → linear sRGB follows Björn Ottosson's published matrices (the CSS Color 4 ones);
 * out-of-gamut values are clipped per channel, as a browser paints them.
 */
export type Rgb = readonly [number, number, number];

const clip = (v: number) => Math.min(1, Math.max(0, v));
const encode = (v: number) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
const decode = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

/** `oklch(L C H)` (L as 0–1 or a percentage) → gamma-encoded sRGB channels in 0–1. */
export function parseOklch(css: string): Rgb {
  const match = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)\s*\)$/.exec(css.trim());
  if (!match) throw new Error(`not an opaque oklch() colour: ${css}`);
  const l = Number(match[1]) / (match[2] ? 100 : 1);
  const c = Number(match[3]);
  const h = (Number(match[4]) * Math.PI) / 180;
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
  return linear.map((v) => encode(clip(v))) as unknown as Rgb;
}

/** `top` painted at `alpha` over an opaque `bottom` (browsers blend gamma-encoded channels). */
export function over(top: Rgb, alpha: number, bottom: Rgb): Rgb {
  return top.map((v, i) => v * alpha + (bottom[i] as number) * (1 - alpha)) as unknown as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * decode(r) + 0.7152 * decode(g) + 0.0722 * decode(b);
}

/** The WCAG contrast ratio of two opaque colours, 1–21. */
export function contrast(x: Rgb, y: Rgb): number {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The custom properties of a CSS block (`:root { … }`, `.dark { … }`) in a stylesheet's text. */
export function tokensOf(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

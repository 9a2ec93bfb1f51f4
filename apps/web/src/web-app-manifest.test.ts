import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOklch, tokensOf } from './test/colour-contrast';

/**
 * The installable app (decision 144): the manifest a browser reads to install Pulsa, with icons
 * that exist at the sizes it says, and the colours of the design tokens and the pages' theme colour.
 */
const WEB = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(WEB, 'public/manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const hex = (rgb: readonly number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

describe('the web app manifest', () => {
  it('installs Pulsa in Portuguese, standalone, from the start page', () => {
    expect(manifest).toMatchObject({
      name: 'Pulsa',
      short_name: 'Pulsa',
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
  });

  it('has 192 and 512 pixel PNG icons that exist at those sizes, and a maskable one', () => {
    for (const icon of manifest.icons) {
      const [width, height] = pngSize(path.join(WEB, 'public', icon.src));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(icon.type).toBe('image/png');
    }
    const sizes = manifest.icons.filter((i) => i.purpose === 'any').map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  it('takes its colours from the pages’ theme colour and the background token', () => {
    const vite = fs.readFileSync(path.join(WEB, 'vite.config.ts'), 'utf8');
    expect(vite).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(vite).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const css = fs.readFileSync(path.join(WEB, 'src/styles.css'), 'utf8');
    expect(manifest.background_color).toBe(hex(parseOklch(tokensOf(css, ':root').background ?? '')));
  });
});

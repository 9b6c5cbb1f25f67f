// Renders the web app's icons (frontend/public/*.png) from one SVG drawing, in the same Chromium the browser tests
// use. Run once after changing the drawing: `node scripts/render-icons.mjs`; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const OUT = join(import.meta.dirname, '..', 'frontend', 'public');
const GREEN = '#166534';

/** A football with its laces, centred, `scale` of the square's side (maskable icons keep to the inner 80%). */
const football = (scale) => `
  <g transform="translate(256 256) scale(${scale}) rotate(-35)">
    <ellipse rx="230" ry="140" fill="#92400e" stroke="#fff" stroke-width="14"/>
    <path d="M-150 -70 Q-175 0 -150 70 M150 -70 Q175 0 150 70" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round"/>
    <path d="M-80 0 H80" stroke="#fff" stroke-width="16" stroke-linecap="round"/>
    ${[-60, -30, 0, 30, 60].map((x) => `<path d="M${x} -26 V26" stroke="#fff" stroke-width="14" stroke-linecap="round"/>`).join('')}
  </g>`;

/** Rounded square on a transparent ground (the "any" icon) or a full-bleed square (maskable, apple-touch). */
const drawing = ({ fullBleed, scale }) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  ${fullBleed ? `<rect width="512" height="512" fill="${GREEN}"/>` : `<rect width="512" height="512" rx="96" fill="${GREEN}"/>`}
  ${football(scale)}
</svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, fullBleed: false, scale: 0.9 },
  { file: 'icon-512.png', size: 512, fullBleed: false, scale: 0.9 },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true, scale: 0.68 },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true, scale: 0.8 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = drawing(icon).replace('width="512" height="512"', `width="${icon.size}" height="${icon.size}"`);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    writeFileSync(join(OUT, icon.file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } }));
    await page.close();
  }
  writeFileSync(join(OUT, 'icon.svg'), drawing({ fullBleed: false, scale: 0.9 }));
} finally {
  await browser.close();
}

/**
 * `npx tsx scripts/make-icons.ts`: draws the app's PNG icons from `src/ui/logo.svg` into
 * `public/icons/` (the web app manifest's 192 and 512, a maskable 512, and Apple's 180).
 * Run it again after changing the logo; the PNGs are committed, so builds need no sharp.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const logoPath = path.join(root, 'src', 'ui', 'logo.svg');
const iconsDir = path.join(root, 'public', 'icons');

/**
 * The logo drawn edge to edge: without its rounded corners, for platforms that cut their own
 * shape (Android's maskable icons, Apple's touch icons), so no second outline shows.
 */
function fullBleed(svg: string): string {
  const rounded = 'rx="16"';
  if (!svg.includes(rounded)) throw new Error(`logo.svg no longer has ${rounded}`);
  return svg.replace(rounded, 'rx="0"');
}

/**
 * A maskable icon may be cut to any shape inside its safe zone, a centred circle of 80 % of
 * the side. The arrow nearly touches that circle at full size, so it is drawn at 80 %.
 */
function maskable(svg: string): string {
  const firstPath = svg.indexOf('<path');
  const end = svg.lastIndexOf('</svg>');
  if (firstPath < 0 || end < firstPath) throw new Error('logo.svg has no paths to scale');
  const scaled = '<g transform="translate(32 32) scale(0.8) translate(-32 -32)">';
  return `${svg.slice(0, firstPath)}${scaled}${svg.slice(firstPath, end)}</g>${svg.slice(end)}`;
}

interface IconSpec {
  fileName: string;
  sizePx: number;
  svg: (logo: string) => string;
}

const ICONS: readonly IconSpec[] = [
  { fileName: 'icon-192.png', sizePx: 192, svg: (logo) => logo },
  { fileName: 'icon-512.png', sizePx: 512, svg: (logo) => logo },
  { fileName: 'icon-maskable-512.png', sizePx: 512, svg: (logo) => maskable(fullBleed(logo)) },
  { fileName: 'apple-touch-icon-180.png', sizePx: 180, svg: fullBleed },
];

async function makeIcon({ fileName, sizePx, svg }: IconSpec): Promise<void> {
  const target = path.join(iconsDir, fileName);
  // Rendered at the target size from the vector (viewBox 64), never scaled from a bitmap.
  const density = Math.ceil((72 * sizePx) / 64);
  await sharp(Buffer.from(svg(fs.readFileSync(logoPath, 'utf8'))), { density })
    .resize(sizePx, sizePx)
    .png({ compressionLevel: 9 })
    .toFile(target);
  const { width, height } = await sharp(target).metadata();
  if (width !== sizePx || height !== sizePx) {
    throw new Error(`${fileName} is ${width}×${height}, expected ${sizePx}×${sizePx}`);
  }
  console.log(`${path.relative(root, target)}  ${sizePx}×${sizePx}`);
}

fs.mkdirSync(iconsDir, { recursive: true });
for (const icon of ICONS) await makeIcon(icon);

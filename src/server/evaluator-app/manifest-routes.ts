import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { isBundledAsset } from '../../domain/index.js';
import type { Adapters } from '../adapters/index.js';
import { MAX_BRAND_IMAGE_BYTES } from '../adapters/storage.js';
import type { Config } from '../config.js';
import type { BrandRow } from '../context.js';
import type { Db } from '../db/client.js';
import { brandImageKey } from '../file-references.js';
import { identifyRequest } from '../request-identity.js';

// The evaluator app is installable on a phone (docs/offline-evaluator.md): a web app manifest per
// brand (white label) and its icons: the brand's favicon (else logo) on its colour, or a drawn mark.

export const ICON_SIZES = [192, 512] as const;
/** The manifest and icons follow the brand, which can change with a deploy or an admin's edit. */
const CACHE = 'public, max-age=3600';

const HEX = /^#([0-9a-f]{6})$/i;
const rgbOf = (hex: string, fallback: [number, number, number]): [number, number, number] => {
  const m = HEX.exec(hex.trim());
  if (!m) return fallback;
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

export const colourOf = (brand: Pick<BrandRow, 'primaryColor'>) =>
  HEX.test(brand.primaryColor.trim()) ? brand.primaryColor.trim().toLowerCase() : '#1c7ed6';

/** The web app manifest of the brand's evaluator app. */
export function evaluatorManifest(brand: Pick<BrandRow, 'name' | 'shortName' | 'primaryColor'>) {
  const colour = colourOf(brand);
  return {
    id: '/evaluator',
    name: `${brand.name} Evaluator`,
    short_name: brand.shortName || brand.name,
    description: `Mystery shop visits for ${brand.name}: accept visits and fill in evaluations, also offline.`,
    start_url: '/evaluator',
    scope: '/evaluator',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: colour,
    background_color: '#ffffff',
    icons: ICON_SIZES.flatMap((size) => [
      { src: `/evaluator/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
      {
        src: `/evaluator/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      },
    ]),
  };
}

/**
 * A square icon: the brand's colour, full bleed (maskable), with a white ring and dot inside the
 * central safe zone (a check-in mark), readable on any launcher shape.
 */
export function evaluatorIcon(brand: Pick<BrandRow, 'primaryColor'>, size: number): Buffer {
  const [r, g, b] = rgbOf(colourOf(brand), [28, 126, 214]);
  const c = (size - 1) / 2;
  const outer = size * 0.3;
  const inner = size * 0.22;
  const dot = size * 0.1;
  // Rows of RGB pixels, each after its filter byte (0: none).
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c);
      const white = (d <= outer && d >= inner) || d <= dot;
      rows.set(white ? [255, 255, 255] : [r, g, b], row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * The brand's own icon: its PNG image scaled (area average) to fit the central 70% safe zone, on a
 * white circle (so a light or transparent logo stays visible), on the brand's colour, full bleed
 * (works as `any` and `maskable`). Null when the image is not a PNG pngjs can read.
 */
export function brandImageIcon(
  brand: Pick<BrandRow, 'primaryColor'>,
  image: Buffer,
  size: number,
): Buffer | null {
  let src: PNG;
  try {
    src = PNG.sync.read(image);
  } catch {
    return null;
  }
  if (!src.width || !src.height || src.width * src.height > 4096 * 4096) return null;
  const [r, g, b] = rgbOf(colourOf(brand), [28, 126, 214]);
  const out = new PNG({ width: size, height: size });
  const c = (size - 1) / 2;
  const plate = size * 0.35; // the safe zone's circle (70% of the side)
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const white = Math.hypot(x - c, y - c) <= plate;
      out.data.set(white ? [255, 255, 255, 255] : [r, g, b, 255], (y * size + x) * 4);
    }
  // The image fits inside the square inscribed in the plate (its side is plate * √2).
  const box = Math.floor(plate * Math.SQRT2);
  const scale = Math.min(box / src.width, box / src.height);
  const w = Math.max(1, Math.round(src.width * scale));
  const h = Math.max(1, Math.round(src.height * scale));
  const left = Math.round((size - w) / 2);
  const top = Math.round((size - h) / 2);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [sr, sg, sb, sa] = areaAverage(src, x / scale, y / scale, (x + 1) / scale, (y + 1) / scale);
      const o = ((top + y) * size + left + x) * 4;
      const a = sa / 255;
      out.data[o] = Math.round(sr * a + out.data[o]! * (1 - a));
      out.data[o + 1] = Math.round(sg * a + out.data[o + 1]! * (1 - a));
      out.data[o + 2] = Math.round(sb * a + out.data[o + 2]! * (1 - a));
    }
  return PNG.sync.write(out, { colorType: 6 });
}

/** The average RGBA (colour weighted by alpha) of the source area [x0,x1)×[y0,y1), by pixel coverage. */
function areaAverage(
  src: PNG,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): [number, number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  let total = 0;
  const clampX = (v: number) => Math.min(src.width - 1, Math.max(0, v));
  const clampY = (v: number) => Math.min(src.height - 1, Math.max(0, v));
  for (let sy = clampY(Math.floor(y0)); sy <= clampY(Math.ceil(y1) - 1); sy++) {
    const wy = Math.min(y1, sy + 1) - Math.max(y0, sy);
    if (wy <= 0) continue;
    for (let sx = clampX(Math.floor(x0)); sx <= clampX(Math.ceil(x1) - 1); sx++) {
      const wx = Math.min(x1, sx + 1) - Math.max(x0, sx);
      if (wx <= 0) continue;
      const wgt = wx * wy;
      const i = (sy * src.width + sx) * 4;
      const pa = src.data[i + 3]! * wgt;
      r += src.data[i]! * pa;
      g += src.data[i + 1]! * pa;
      b += src.data[i + 2]! * pa;
      a += pa;
      total += wgt;
    }
  }
  if (a === 0 || total === 0) return [0, 0, 0, 0];
  return [r / a, g / a, b / a, a / total];
}

/** Rendered brand icons by brand, image key and size: a request does not decode the image again. */
const iconCache = new Map<string, Buffer>();
const ICON_CACHE_MAX = 64;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    length += buf.length;
    if (length > MAX_BRAND_IMAGE_BYTES) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      return null;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/**
 * The icon of a brand at a size: its favicon (else logo) when that is a stored PNG of at most 2 MB
 * (local storage), else the drawn mark. Bundled SVG logos and S3-stored images use the drawn mark.
 */
export async function brandIcon(
  adapters: Pick<Adapters, 'storage' | 'localStorage'>,
  brand: Pick<BrandRow, 'id' | 'primaryColor' | 'faviconUrl' | 'logoUrl'>,
  size: number,
): Promise<Buffer> {
  const local = adapters.localStorage;
  const stored = brand.faviconUrl || brand.logoUrl;
  const key =
    local && stored && !isBundledAsset(stored) ? brandImageKey(adapters.storage, brand.id, stored) : null;
  if (!local || !key) return evaluatorIcon(brand, size);
  const cacheKey = `${brand.id}|${colourOf(brand)}|${key}|${size}`;
  const cached = iconCache.get(cacheKey);
  if (cached) {
    iconCache.delete(cacheKey);
    iconCache.set(cacheKey, cached); // most recently used last
    return cached;
  }
  let icon: Buffer | null = null;
  try {
    const file = await local.open(key);
    if (file && file.size <= MAX_BRAND_IMAGE_BYTES) {
      const image = await readAll(file.stream);
      icon = image && brandImageIcon(brand, image, size);
    } else {
      (file?.stream as { destroy?: () => void } | undefined)?.destroy?.();
    }
  } catch {
    icon = null;
  }
  const result = icon ?? evaluatorIcon(brand, size);
  iconCache.set(cacheKey, result);
  if (iconCache.size > ICON_CACHE_MAX) iconCache.delete(iconCache.keys().next().value!);
  return result;
}

export async function registerEvaluatorAppRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; adapters: Pick<Adapters, 'storage' | 'localStorage'> },
) {
  app.get('/evaluator/manifest.webmanifest', async (req, reply) => {
    const { brand } = await identifyRequest(deps.db, deps.config, req);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', CACHE)
      .header('vary', 'host, cookie')
      .send(JSON.stringify(evaluatorManifest(brand)));
  });
  for (const size of ICON_SIZES) {
    app.get(`/evaluator/icon-${size}.png`, async (req, reply) => {
      const { brand } = await identifyRequest(deps.db, deps.config, req);
      return reply
        .type('image/png')
        .header('cache-control', CACHE)
        .header('vary', 'host, cookie')
        .send(await brandIcon(deps.adapters, brand, size));
    });
  }
}

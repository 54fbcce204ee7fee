import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { BrandRow } from '../context.js';
import type { Db } from '../db/client.js';
import { identifyRequest } from '../request-identity.js';

// The evaluator app is installable on a phone (docs/offline-evaluator.md): a web app manifest per
// brand (white label) and its icons, made from the brand's colour.

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

export async function registerEvaluatorAppRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
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
        .send(evaluatorIcon(brand, size));
    });
  }
}

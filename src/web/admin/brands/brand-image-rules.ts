import { UPLOAD_RULES } from '../../../domain';
import type { BrandImageField } from './brand-form-values';

// Which files each brand image takes (admin-and-evaluation 5): the logo and the brand-text image take
// any web image, the favicon only PNG or ICO and only square. The server checks types and size again.

export interface ImageSlot {
  field: BrandImageField;
  label: string;
  /** MIME types offered by the file picker and accepted here. */
  types: readonly string[];
  typesText: string;
  square: boolean;
}

const WEB_IMAGES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const ICON_TYPES = ['image/x-icon', 'image/vnd.microsoft.icon'] as const;

export const IMAGE_SLOTS: readonly ImageSlot[] = [
  { field: 'logoUrl', label: 'Logo', types: WEB_IMAGES, typesText: 'PNG, JPEG, GIF or WebP', square: false },
  {
    field: 'faviconUrl',
    label: 'Favicon',
    types: ['image/png', ...ICON_TYPES],
    typesText: 'PNG or ICO',
    square: true,
  },
  {
    field: 'brandTextImageUrl',
    label: 'Brand Text Image',
    types: WEB_IMAGES,
    typesText: 'PNG, JPEG, GIF or WebP',
    square: false,
  },
];

export const MAX_BRAND_IMAGE_BYTES = UPLOAD_RULES.brands.maxBytes;

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
};

const TYPE_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
};

/** The file's MIME type, read from its name when the browser gives none (some systems do so for .ico). */
export function imageType(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  return TYPE_OF_EXTENSION[file.name.toLowerCase().split('.').pop() ?? ''] ?? '';
}

/** Why this file cannot be the slot's image (type or size), or null. */
export function imageFileProblem(slot: ImageSlot, file: { name: string; type: string; size: number }) {
  if (!slot.types.includes(imageType(file))) return `The ${slot.label} must be a ${slot.typesText} image.`;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MAX_BRAND_IMAGE_BYTES) return `The ${slot.label} must be 2 MB or smaller.`;
  return null;
}

/** The favicon must be square: a message naming the size when it is not. */
export function squareProblem(width: number, height: number): string | null {
  if (width > 0 && width === height) return null;
  return `The Favicon must be square; this image is ${width}x${height} pixels.`;
}

/**
 * The file name to sign, ending in the extension of its type: the server tells image kinds apart by
 * the stored name's extension, so 'logo' sent as image/png goes as 'logo.png'.
 */
export function nameWithExtension(name: string, type: string): string {
  const ext = EXTENSION_OF_TYPE[type];
  if (!ext) return name;
  const lower = name.toLowerCase();
  const known = ext === 'jpg' ? ['.jpg', '.jpeg'] : [`.${ext}`];
  return known.some((e) => lower.endsWith(e)) ? name : `${name}.${ext}`;
}

import sharp from 'sharp';
import { normalContentType } from '../../domain/index.js';

/** A file that claims a photo type but is no image sharp can read. */
export class UnreadableImageError extends Error {}

/**
 * The photo re-encoded in its own format without any metadata: sharp writes no EXIF, XMP, IPTC or ICC
 * profile unless asked (so a phone's GPS position, device and owner never reach a reader). `rotate()`
 * first turns the pixels as the EXIF orientation said, since the orientation tag goes too.
 */
export async function stripImageMetadata(body: Buffer, contentType: string): Promise<Buffer> {
  const type = normalContentType(contentType);
  const animated = type === 'image/gif' || type === 'image/webp';
  try {
    const read = sharp(body, { animated, failOn: 'error' });
    // Animated GIF and WebP carry no orientation tag; turning their frames is not supported.
    const image = animated ? read : read.rotate();
    switch (type) {
      case 'image/jpeg':
        return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
      case 'image/png':
        return await image.png().toBuffer();
      case 'image/webp':
        return await image.webp({ quality: 90 }).toBuffer();
      case 'image/gif':
        return await image.gif().toBuffer();
      default:
        throw new UnreadableImageError(`Not a photo type: ${type}`);
    }
  } catch (err) {
    if (err instanceof UnreadableImageError) throw err;
    throw new UnreadableImageError(err instanceof Error ? err.message : String(err));
  }
}

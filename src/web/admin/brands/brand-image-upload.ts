import { putFile, signUpload, UploadError, uploadSizeError } from '../../order/upload-file';
import {
  type ImageSlot,
  imageFileProblem,
  imageType,
  nameWithExtension,
  squareProblem,
} from './brand-image-rules';

/** Brand images live in brands/{brandId}/ (admin-and-evaluation 7, Uploads). */
export const brandFolder = (brandId: string) => `brands/${brandId}`;

/** The image's pixel size, read by loading it in the browser. */
export function naturalSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      reject(new Error('unreadable image'));
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/**
 * Checks the file for its slot (type, size and, for the favicon, squareness in the browser before
 * anything is sent), signs the upload, PUTs the file and resolves with its key (the brand stores the
 * key; the server derives the image's URL from it).
 */
export async function uploadBrandImage(options: {
  brandId: string;
  slot: ImageSlot;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<string> {
  const { slot, file } = options;
  const problem = imageFileProblem(slot, file);
  if (problem) throw new UploadError(problem);
  if (slot.square) {
    const size = await naturalSize(file).catch(() => null);
    if (!size) throw new UploadError(`The ${slot.label} could not be read as an image.`);
    const notSquare = squareProblem(size.width, size.height);
    if (notSquare) throw new UploadError(notSquare);
  }
  const type = imageType(file);
  const signed = await signUpload(brandFolder(options.brandId), {
    name: nameWithExtension(file.name, type),
    type,
    size: file.size,
  });
  const sizeError = uploadSizeError(file, signed);
  if (sizeError) throw new UploadError(sizeError);
  await putFile(signed, file, options.onProgress);
  return signed.fileKey;
}

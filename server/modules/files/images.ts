/**
 * Image sanitising. The type is judged from the bytes (never from the file name or the
 * declared content type); only JPEG and PNG pass. Every accepted image is decoded and
 * re-encoded, which applies the EXIF orientation and drops everything that is not pixels:
 * EXIF (GPS included), XMP, IPTC, ICC, comments, text chunks, and any bytes appended after
 * the image (the HTML half of a polyglot).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES } from '../../../common/rules';
import { ApiError } from '../../http/errors';

export type ImageMimeType = (typeof UPLOAD_ACCEPTED_TYPES)[number];

export interface SanitizedImage {
  data: Buffer;
  mimeType: ImageMimeType;
  widthPx: number;
  heightPx: number;
}

/**
 * 40 megapixels: above any phone camera's default output, and a bound on decoding memory
 * (about 160 MB of RGBA per image in flight).
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Re-encoding can grow a heavily compressed image; beyond this it is refused. */
export const MAX_SANITIZED_BYTES = 2 * UPLOAD_MAX_BYTES;
const JPEG_QUALITY = 85;
const PNG_COMPRESSION_LEVEL = 9;

/** The contract's text for anything that is not a JPEG or PNG image. */
export const INVALID_IMAGE_MESSAGE = 'Invalid image file.';
export const IMAGE_TOO_LARGE_MESSAGE = 'This image is too large. Please upload a smaller one.';

// Decoded pixels of identity documents must not linger in libvips' operation cache, and
// the cache would only help when the same image is processed twice, which never happens.
sharp.cache(false);

const unsupported = () => new ApiError(415, INVALID_IMAGE_MESSAGE, 'unsupported_media_type');
const undecodable = () => new ApiError(400, INVALID_IMAGE_MESSAGE, 'invalid_upload');
const tooLarge = () => new ApiError(400, IMAGE_TOO_LARGE_MESSAGE, 'invalid_upload');

function isAcceptedType(mime: string | undefined): mime is ImageMimeType {
  return (UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(mime ?? '');
}

export async function sanitizeImage(input: Buffer): Promise<SanitizedImage> {
  const detected = await fileTypeFromBuffer(input);
  const mimeType = detected?.mime;
  if (!isAcceptedType(mimeType)) throw unsupported();

  // The header alone tells the dimensions; refusing here never allocates the pixels of a
  // decompression bomb. limitInputPixels below is the second line of defence.
  let header: Metadata;
  try {
    header = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw undecodable();
  }
  const expectedFormat = mimeType === 'image/jpeg' ? 'jpeg' : 'png';
  if (header.format !== expectedFormat) throw unsupported();
  if (!(header.width > 0 && header.height > 0)) throw undecodable();
  if (header.width * header.height > MAX_INPUT_PIXELS) throw tooLarge();

  const pipeline = sharp(input, {
    failOn: 'error',
    limitInputPixels: MAX_INPUT_PIXELS,
    sequentialRead: true,
  }).autoOrient();
  // No keepMetadata/withMetadata/withExif: sharp's default output carries no metadata and
  // converts to sRGB, which is exactly what must be stored.
  const encoder =
    mimeType === 'image/jpeg'
      ? pipeline.jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
      : pipeline.png({ compressionLevel: PNG_COMPRESSION_LEVEL });

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await encoder.toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge();
    throw undecodable();
  }
  const { data, info } = output;
  if (data.length > MAX_SANITIZED_BYTES) throw tooLarge();
  if (info.format !== expectedFormat || !(info.width > 0 && info.height > 0)) {
    throw new Error(`Re-encoding produced ${info.format} ${info.width}x${info.height}`);
  }
  return { data, mimeType, widthPx: info.width, heightPx: info.height };
}

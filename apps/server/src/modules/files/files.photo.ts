import sharp from 'sharp';

/** Largest side of a public profile photo, in pixels. */
export const PHOTO_MAX_SIDE = 512;

/**
 * Re-encodes a profile photo before anyone else sees it: turned upright, cut to at most 512 px,
 * written as WebP. sharp drops EXIF/ICC/XMP metadata (GPS, camera) unless asked to keep it.
 */
export async function reencodePhoto(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'cover', position: 'attention', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}

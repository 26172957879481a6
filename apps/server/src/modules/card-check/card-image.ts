import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '../../http/errors';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;

/** What the file is, by its first bytes, not by its name or the type the browser claims. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

/**
 * Stores a card photo safely: checked by content, decoded with a pixel limit, re-encoded as JPEG
 * (which drops EXIF, GPS and any payload hidden in the file), under a random name outside the web root.
 */
export async function storeCardImage(uploadsDir: string, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw new AppError(400, 'upload_missing', 'upload.missing');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'upload_too_large', 'upload.tooLarge');
  if (!sniffImageType(bytes)) throw new AppError(415, 'upload_unsupported', 'upload.unsupported');
  let jpeg: Buffer;
  try {
    jpeg = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    const tooBig = error instanceof Error && /pixel limit/i.test(error.message);
    throw tooBig
      ? new AppError(413, 'upload_too_many_pixels', 'upload.tooManyPixels')
      : new AppError(415, 'upload_unsupported', 'upload.unsupported');
  }
  const dir = path.join(uploadsDir, 'card-checks');
  await mkdir(dir, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.jpg`;
  await writeFile(path.join(dir, fileName), jpeg, { mode: 0o600 });
  return fileName;
}

// Names are ours (hex + .jpg); refuse anything else so no path can escape the folder.
function cardImagePath(uploadsDir: string, fileName: string): string {
  if (!/^[a-f0-9]{32}\.jpg$/.test(fileName)) throw new Error('bad card image name');
  return path.join(uploadsDir, 'card-checks', fileName);
}

export function readCardImage(uploadsDir: string, fileName: string): Promise<Buffer> {
  return readFile(cardImagePath(uploadsDir, fileName));
}

export function deleteCardImage(uploadsDir: string, fileName: string): Promise<void> {
  return rm(cardImagePath(uploadsDir, fileName), { force: true });
}

import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/**
 * A face photo as it is kept and shown to managers: its pixels only, upright, as JPEG — no EXIF
 * (a phone writes its GPS position, make and time there) and no bytes appended after the image.
 * Replay detection compares the digest of the bytes sent, not of these. A photo sharp cannot
 * re-encode (the face engine read it) is kept as sent.
 */
export async function keptPhoto(data: Buffer): Promise<{ bytes: Buffer; ext: string }> {
  try {
    return { bytes: await sharp(data).rotate().jpeg({ quality: 90 }).toBuffer(), ext: 'jpg' };
  } catch {
    return { bytes: data, ext: (await fileTypeFromBuffer(data))?.ext ?? 'bin' };
  }
}

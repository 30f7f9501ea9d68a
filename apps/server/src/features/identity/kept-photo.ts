import sharp from 'sharp';

/**
 * A face photo as it is kept and shown to managers: its pixels only, upright, as JPEG — no EXIF
 * (a phone writes its GPS position, make and time there) and no bytes appended after the image;
 * a transparent background (a cut-out ID photo) on white, not black. Replay detection compares
 * the digest of the bytes sent, not of these. The face engine decoded the photo with the same
 * library already, so one it cannot re-encode is not kept at all (null).
 */
export async function keptPhoto(data: Buffer): Promise<{ bytes: Buffer; ext: string } | null> {
  try {
    const bytes = await sharp(data).rotate().flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
    return { bytes, ext: 'jpg' };
  } catch {
    return null;
  }
}

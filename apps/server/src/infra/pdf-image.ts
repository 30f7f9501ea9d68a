import sharp from 'sharp';

/**
 * An uploaded image made safe for pdfkit: decoded and re-encoded as PNG by sharp, at most
 * `box` pixels on a side. pdfkit's own PNG decoder inflates in a callback outside any try, so
 * a corrupt PNG handed to it straight would bring the whole process down; undefined when the
 * bytes are no image sharp can read (or one of absurd size).
 */
export async function pdfImage(data: Buffer, box = 1024): Promise<Buffer | undefined> {
  try {
    return await sharp(data, { limitInputPixels: 40_000_000 })
      .resize(box, box, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return undefined;
  }
}

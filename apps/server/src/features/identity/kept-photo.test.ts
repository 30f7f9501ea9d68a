import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { facePhotos } from '../../../test/face-photos.js';
import { keptPhoto } from './kept-photo.js';

describe('a face photo as kept', () => {
  it("drops a phone's EXIF (its position) and whatever was appended after the image, and keeps the face upright", async () => {
    const sent = Buffer.concat([
      await sharp(facePhotos.hopper())
        .withExif({ IFD0: { ImageDescription: 'GPS_31.2304N_121.4737E', Make: 'PhoneMaker' } })
        .jpeg()
        .toBuffer(),
      Buffer.from('<html><script>alert(document.domain)</script></html>'),
    ]);
    expect(sent.toString('latin1')).toContain('GPS_31.2304N');
    const kept = await keptPhoto(sent);
    expect(kept.ext).toBe('jpg');
    const text = kept.bytes.toString('latin1');
    expect(text).not.toContain('GPS_31.2304N');
    expect(text).not.toContain('PhoneMaker');
    expect(text).not.toContain('<script>');
    expect((await sharp(kept.bytes).metadata()).exif).toBeUndefined();
    const [before, after] = await Promise.all([sharp(sent).metadata(), sharp(kept.bytes).metadata()]);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
  });

  it('keeps as sent what it cannot re-encode', async () => {
    const odd = Buffer.from('not an image at all');
    expect(await keptPhoto(odd)).toEqual({ bytes: odd, ext: 'bin' });
  });
});

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
    expect(kept?.ext).toBe('jpg');
    const text = kept!.bytes.toString('latin1');
    expect(text).not.toContain('GPS_31.2304N');
    expect(text).not.toContain('PhoneMaker');
    expect(text).not.toContain('<script>');
    expect((await sharp(kept!.bytes).metadata()).exif).toBeUndefined();
    const [before, after] = await Promise.all([sharp(sent).metadata(), sharp(kept!.bytes).metadata()]);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
  });

  it('turns a photo a phone stored on its side upright, and a transparent background white', async () => {
    const hopper = await sharp(facePhotos.hopper()).metadata();
    // orientation 6: the pixels lie on their side, the phone says "turn me a quarter"
    const sideways = await sharp(facePhotos.hopper()).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const upright = await sharp((await keptPhoto(sideways))!.bytes).metadata();
    expect([upright.width, upright.height, upright.orientation]).toEqual([hopper.width, hopper.height, undefined]);
    const cutOut = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { data } = await sharp((await keptPhoto(cutOut))!.bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
  });

  it('keeps nothing it cannot re-encode (never the bytes as sent, metadata and all)', async () => {
    expect(await keptPhoto(Buffer.from('not an image at all'))).toBeNull();
  });
});

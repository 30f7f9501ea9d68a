// Perceptual hashes of a picture (pHash): the signs of its lowest frequencies, as 64 bits in
// 16 hex digits. Re-encoding, resizing, a slight crop or a change of brightness keep nearly
// every bit; another picture flips about half of them. Plain JavaScript for the face worker.
import sharp from 'sharp';

const SIZE = 32;
const LOW = 8;

/** cos((2x+1)uπ/2N) for the 32-point DCT-II, computed once */
const COS = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

/** 64 bits from a 32×32 grey picture: the 8×8 lowest DCT coefficients, set where above their median (DC left out). */
function hashOf(grey) {
  const rows = [];
  for (let y = 0; y < SIZE; y++) {
    const row = new Float64Array(LOW);
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      for (let x = 0; x < SIZE; x++) s += grey[y * SIZE + x] * COS[u][x];
      row[u] = s;
    }
    rows.push(row);
  }
  const coefficients = [];
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      for (let y = 0; y < SIZE; y++) s += rows[y][u] * COS[v][y];
      coefficients.push(s);
    }
  }
  const ac = coefficients.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)];
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) nibble = (nibble << 1) | (coefficients[i + b] > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/**
 * The hash of a raw RGB picture (or of a region of it), and of its mirror image: a copy
 * turned left to right is still a copy.
 */
export async function perceptualHashes(raw, region) {
  let picture = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
  if (region) picture = picture.extract(region);
  const grey = await picture.greyscale().resize(SIZE, SIZE, { fit: 'fill' }).raw().toBuffer();
  const mirrored = Buffer.alloc(grey.length);
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) mirrored[y * SIZE + x] = grey[y * SIZE + SIZE - 1 - x];
  return { hash: hashOf(grey), mirrored: hashOf(mirrored) };
}

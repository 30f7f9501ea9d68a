import { hmac, safeEqual } from '../infra/crypto.js';

/** How long a signed file URL works: long enough for a page left open for a day. */
const SIGNED_URL_SECONDS = 24 * 3600;

/**
 * Private files (avatars) are loaded by `<img>` tags, which cannot send the Authorization
 * header, so their URLs carry an expiry and an HMAC instead of a token.
 */
export function signedFileUrl(secret: Buffer, fileId: string, now: number): string {
  // Round the expiry to the hour so the same file keeps one URL (browser cache) for a while.
  const exp = Math.ceil((now / 1000 + SIGNED_URL_SECONDS) / 3600) * 3600;
  return `/api/file/view/${fileId}?exp=${exp}&sig=${hmac(secret, `file:${fileId}:${exp}`)}`;
}

export function isValidFileSignature(
  secret: Buffer,
  fileId: string,
  exp: number | undefined,
  sig: string | undefined,
  now: number,
): boolean {
  if (!exp || !sig || exp * 1000 < now) return false;
  return safeEqual(hmac(secret, `file:${fileId}:${exp}`), sig);
}

export const publicFileUrl = (fileId: string): string => `/api/file/view/${fileId}`;

/** How long a courseware video URL works: one sitting. */
const PLAY_URL_SECONDS = 2 * 3600;

/** Signed play URLs by node secret, then by video and expiry: every progress report answers with one. */
const playUrls = new WeakMap<Buffer, Map<string, string>>();
const PLAY_URLS_KEPT = 2_000;

/** DESIGN.md: a short-lived signed playUrl, so a <video> element plays without a token in the URL. */
export function signedPlayUrl(secret: Buffer, vodId: string, now: number): string {
  // the expiry moves in ten-minute steps, so a video's URL is the same for ten minutes: made once
  const exp = Math.ceil((now / 1000 + PLAY_URL_SECONDS) / 600) * 600;
  let urls = playUrls.get(secret);
  if (!urls) playUrls.set(secret, (urls = new Map()));
  const key = `${vodId}:${exp}`;
  let url = urls.get(key);
  if (url === undefined) {
    if (urls.size >= PLAY_URLS_KEPT) urls.clear();
    url = `/api/vod/${vodId}?exp=${exp}&sig=${hmac(secret, `vod:${vodId}:${exp}`)}`;
    urls.set(key, url);
  }
  return url;
}

export function isValidPlaySignature(secret: Buffer, vodId: string, exp: number, sig: string, now: number): boolean {
  if (exp * 1000 < now) return false;
  return safeEqual(hmac(secret, `vod:${vodId}:${exp}`), sig);
}

/** How long a reference-photo URL works: a page's sitting. */
const FACE_URL_SECONDS = 3600;

/** A learner's reference photo, for the learner's own page: signed like a private file. */
export function signedFacePhotoUrl(secret: Buffer, personId: string, now: number): string {
  const exp = Math.ceil((now / 1000 + FACE_URL_SECONDS) / 300) * 300;
  return `/api/face/reference/photo/${personId}?exp=${exp}&sig=${hmac(secret, `face:${personId}:${exp}`)}`;
}

export function isValidFacePhotoSignature(
  secret: Buffer,
  personId: string,
  exp: number,
  sig: string,
  now: number,
): boolean {
  if (exp * 1000 < now) return false;
  return safeEqual(hmac(secret, `face:${personId}:${exp}`), sig);
}

/** A transcoded video's poster, for the console's unit list and the player: signed like the video. */
export function signedPosterUrl(secret: Buffer, vodId: string, now: number): string {
  const exp = Math.ceil((now / 1000 + PLAY_URL_SECONDS) / 600) * 600;
  return `/api/vod/${vodId}/poster?exp=${exp}&sig=${hmac(secret, `poster:${vodId}:${exp}`)}`;
}

export function isValidPosterSignature(secret: Buffer, vodId: string, exp: number, sig: string, now: number): boolean {
  if (exp * 1000 < now) return false;
  return safeEqual(hmac(secret, `poster:${vodId}:${exp}`), sig);
}

/** The photo of one face-check attempt, for the manager reviewing it: signed like the reference photo. */
export function signedAttemptPhotoUrl(secret: Buffer, attemptId: string, now: number): string {
  const exp = Math.ceil((now / 1000 + FACE_URL_SECONDS) / 300) * 300;
  return `/api/face/attempts/photo/${attemptId}?exp=${exp}&sig=${hmac(secret, `attempt:${attemptId}:${exp}`)}`;
}

export function isValidAttemptPhotoSignature(
  secret: Buffer,
  attemptId: string,
  exp: number,
  sig: string,
  now: number,
): boolean {
  if (exp * 1000 < now) return false;
  return safeEqual(hmac(secret, `attempt:${attemptId}:${exp}`), sig);
}

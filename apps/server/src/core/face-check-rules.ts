import crypto from 'node:crypto';
import { MAX_RANDOM_CHECK_MINUTES, type FaceCheckRules } from '@anxun/shared/schemas/identity';

export const FACE_CHECKS_OFF: FaceCheckRules = {
  enabled: false,
  atStart: false,
  atEnd: false,
  randomEveryMinutes: 0,
  windowSeconds: 120,
  beforeExam: false,
};

/** What `faceCheck: true` means: at the start, every ten minutes at random, at each unit's end. */
export const FACE_CHECKS_DEFAULT: FaceCheckRules = {
  enabled: true,
  atStart: true,
  atEnd: true,
  randomEveryMinutes: 10,
  windowSeconds: 120,
  beforeExam: false,
};

const clamp = (n: unknown, min: number, max: number, fallback: number) =>
  typeof n === 'number' && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;

/**
 * A class's face-check settings from its rules JSON: `faceCheck` is false/absent (off),
 * true (the defaults) or an object overriding them. Anything malformed reads as the
 * nearest valid value, never as "off" by accident.
 */
export function parseFaceCheckRules(rulesJson: string): FaceCheckRules {
  let rules: unknown;
  try {
    rules = JSON.parse(rulesJson);
  } catch {
    return FACE_CHECKS_OFF;
  }
  const value = (rules as { faceCheck?: unknown } | null)?.faceCheck;
  if (value === true) return FACE_CHECKS_DEFAULT;
  if (!value || typeof value !== 'object') return FACE_CHECKS_OFF;
  const given = value as Partial<Record<keyof FaceCheckRules, unknown>>;
  return {
    enabled: given.enabled !== false,
    atStart: given.atStart !== false,
    atEnd: given.atEnd !== false,
    randomEveryMinutes: clamp(given.randomEveryMinutes, 0, MAX_RANDOM_CHECK_MINUTES, 10),
    windowSeconds: clamp(given.windowSeconds, 30, 3600, 120),
    // off unless set: it came after classes had checks, and changes what their learners must do
    beforeExam: given.beforeExam === true,
  };
}

/**
 * Seconds of credited study after a pass before the next random check: somewhere in the
 * second half of the interval, so a learner cannot tell when it comes.
 */
export function nextRandomCheckAfter(rules: FaceCheckRules): number | null {
  if (!rules.enabled || rules.randomEveryMinutes <= 0) return null;
  const max = Math.round(rules.randomEveryMinutes * 60);
  return crypto.randomInt(Math.floor(max / 2), max + 1);
}

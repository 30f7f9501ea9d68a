import type { ClassRules } from '@anxun/shared/schemas/classes';
import { parseExamRules } from './exam-rules.js';
import { parseFaceCheckRules } from './face-check-rules.js';

/**
 * A class's rules JSON read once, the same way everywhere: face checks, the exam, and the
 * daily cap. A value out of range or missing falls back to the platform's default.
 */
export function parseClassRules(rulesJson: string): ClassRules {
  return {
    faceCheck: parseFaceCheckRules(rulesJson),
    exam: parseExamRules(rulesJson),
    dailyCapHours: parseDailyCapHours(rulesJson),
  } as ClassRules;
}

/** The class's daily cap in hours, or null when it keeps the platform's. */
export function parseDailyCapHours(rulesJson: string | null | undefined): number | null {
  if (!rulesJson) return null;
  try {
    const parsed: unknown = JSON.parse(rulesJson);
    const cap = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).dailyCapHours : undefined;
    return typeof cap === 'number' && Number.isFinite(cap) && cap > 0 ? Math.min(cap, 24) : null;
  } catch {
    return null;
  }
}

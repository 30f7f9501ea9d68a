/** Small formatting helpers shared by the training routes and mappers. */
import { recordTimeOrNull } from '../../core/record-time.js';
export const iso = recordTimeOrNull;

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** course_books.teachers holds a JSON array of names; anything else reads as none. */
export function parseTeachers(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Small formatting helpers shared by the training routes and mappers. */
export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

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

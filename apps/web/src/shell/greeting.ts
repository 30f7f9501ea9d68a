/** Spec §9: before 8 early morning, up to 11 morning, up to 13 noon, before 18 afternoon, else evening. */
export function greetingKey(hour: number): 'early' | 'morning' | 'noon' | 'afternoon' | 'evening' {
  if (hour < 8) return 'early';
  if (hour <= 11) return 'morning';
  if (hour <= 13) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

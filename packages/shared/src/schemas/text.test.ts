import { describe, expect, it } from 'vitest';
import { line, paragraphs } from './text.js';

describe('text a person types', () => {
  it('refuses half a character and direction overrides, and keeps emoji whole', () => {
    const name = line(20);
    const note = paragraphs(200, '太长');
    expect(name.safeParse('张三').success).toBe(true);
    expect(name.safeParse('张\ud800三').success).toBe(false);
    expect(name.safeParse('\u202e三张').success).toBe(false);
    expect(name.safeParse('张\u200b三').success).toBe(false);
    // a family emoji is three faces joined by zero-width joiners, a pair of halves each
    expect(note.safeParse('好课 👨\u200d👩\u200d👧').success).toBe(true);
    expect(note.safeParse('好课\udc00').success).toBe(false);
    expect(note.safeParse('\u2067课好\u2069').success).toBe(false);
  });
});

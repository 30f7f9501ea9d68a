import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACTIONS } from '@anxun/shared/schemas/organisations';
import { classRules } from '@anxun/shared/schemas/classes';
import { faceCheckRules } from '@anxun/shared/schemas/identity';
import { auditActionText, auditSummaryKey, auditSummaryValue, namedAuditActions } from './audit-actions';

const SERVER = path.resolve(import.meta.dirname, '../../../../../server/src');

/** The actions the server's sources record: `action: '…'`, and course-book.${BookAction}. */
function recordedActions(): Set<string> {
  const found = new Set<string>();
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  for (const file of files) {
    const text = readFileSync(path.join(SERVER, file), 'utf8');
    for (const m of text.matchAll(/action: '([a-z-]+\.[a-z.-]+)'/g)) found.add(m[1]!);
    // chosen in the call: action: done ? 'class.close' : 'class.reopen'
    for (const m of text.matchAll(/action: [^\n]*\? '([a-z-]+\.[a-z.-]+)' : '([a-z-]+\.[a-z.-]+)'/g)) {
      found.add(m[1]!);
      found.add(m[2]!);
    }
    // actions passed in a variable: their unions of literals
    for (const m of text.matchAll(/'((?:learner|certificate|face-check|course-book)\.[a-z-]+)'/g)) found.add(m[1]!);
    const book = /export type BookAction = ([^;]+);/.exec(text);
    if (book) for (const m of book[1]!.matchAll(/'([a-z-]+)'/g)) found.add(`course-book.${m[1]}`);
  }
  return found;
}

describe("操作日志's words", () => {
  it('name every action the server records', () => {
    const recorded = recordedActions();
    expect(recorded.size).toBeGreaterThan(50);
    expect([...recorded].filter((a) => !namedAuditActions().includes(a))).toEqual([]);
  });

  it("name what the operator does to an organisation's managers (recorded as organisation.admin-<action>)", () => {
    const actions = ADMIN_ACTIONS.map((a) => `organisation.admin-${a}`);
    expect(actions.filter((a) => !namedAuditActions().includes(a))).toEqual([]);
  });

  it('fall back to the code for one not named, in either language', () => {
    expect(auditActionText('learner.reset-password', 'zh')).toBe('重置密码');
    expect(auditActionText('learner.reset-password', 'en')).toBe('Password reset');
    expect(auditActionText('something.new', 'zh')).toBe('something.new');
  });
});

describe("操作日志's fields", () => {
  it("name a class's rules field by field (a class's change logs them all), in both languages", () => {
    const keys = [
      ...Object.keys(classRules.shape),
      ...Object.keys(faceCheckRules.shape),
      ...Object.keys(classRules.shape.exam.shape),
    ];
    expect(keys.length).toBeGreaterThan(12);
    expect(keys.filter((k) => auditSummaryKey(k, 'zh') === k || auditSummaryKey(k, 'en') === k)).toEqual([]);
  });

  it('name what was exported, not by its code', () => {
    for (const kind of [
      'class-study',
      'class-units',
      'class-trail',
      'departments',
      'face-checks',
      'exam-results',
      'certificates',
    ]) {
      expect(auditSummaryValue(kind, 'zh')).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { classPhase } from './class-phase.js';

describe("a class's phase in 班级管理", () => {
  const today = '2026-11-29';
  it('is 未开始 before its start date, though open for enrolment', () => {
    expect(classPhase({ status: 'open', startDate: '2026-12-01', endDate: '2026-12-31' }, today)).toBe('notStarted');
  });
  it('is 进行中 from its start date to its end date, both days included, and without dates', () => {
    expect(classPhase({ status: 'open', startDate: today, endDate: today }, today)).toBe('open');
    expect(classPhase({ status: 'open', startDate: null, endDate: null }, today)).toBe('open');
  });
  it('is 已到期 after its end date until it is closed, and 已结课 once closed whatever its dates', () => {
    expect(classPhase({ status: 'open', startDate: '2026-01-01', endDate: '2026-11-28' }, today)).toBe('ended');
    expect(classPhase({ status: 'closed', startDate: '2026-12-01', endDate: null }, today)).toBe('closed');
  });
});

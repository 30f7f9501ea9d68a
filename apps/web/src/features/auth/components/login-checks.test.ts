import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../pages/login-page';
import { loginChecks } from './login-checks';

describe('login form checks (spec §5)', () => {
  it('answers each field with its text', () => {
    expect(loginChecks.username('  ')).toBe('请输入用户名');
    expect(loginChecks.password('')).toBe('请输入密码');
    expect(loginChecks.telPhoto('')).toBe('请输入电话号码');
    expect(loginChecks.telPhoto('123')).toBe('请输入合法手机号/电话号');
    expect(loginChecks.telPhoto(' 13800000001 ')).toBeUndefined();
    expect(loginChecks.telPhoto('010-12345678')).toBeUndefined();
    expect(loginChecks.checkCode('')).toBe('请输入验证码');
  });

  it('never redirects to /404, /403 or off-site after login', () => {
    expect(safeRedirect('/404')).toBe('/');
    expect(safeRedirect('/403')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/study');
    expect(safeRedirect(null)).toBe('/study');
    expect(safeRedirect('/exams')).toBe('/exams');
  });
});

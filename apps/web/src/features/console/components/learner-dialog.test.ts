import { describe, expect, it } from 'vitest';
import { fieldOf } from './learner-dialog';

describe('a learner form refusal lands on its field', () => {
  it('by what the server says', () => {
    expect(fieldOf('账号不能是手机号或身份证号')).toBe('account');
    expect(fieldOf('账号只能是3–32位字母、数字、下划线、点或减号')).toBe('account');
    expect(fieldOf('该账号名已被使用')).toBe('account');
    expect(fieldOf('该身份证号已有账号')).toBe('idCard');
    expect(fieldOf('请输入正确的身份证号码')).toBe('idCard');
    expect(fieldOf('该手机号已被其他账号使用')).toBe('phone');
    expect(fieldOf('姓名只能包含中文、字母或数字')).toBe('name');
    expect(fieldOf('密码不能少于6位')).toBe('password');
    expect(fieldOf('部门不存在')).toBe('departmentId');
    expect(fieldOf('请求过于频繁')).toBeUndefined();
  });
});

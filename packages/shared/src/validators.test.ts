import { describe, expect, it } from 'vitest';
import {
  isBlank,
  isChineseName,
  isEmail,
  isExternal,
  isIdCard,
  isIPv4,
  isJsonObject,
  isLandline,
  isMobile,
  isMoney,
  isName,
  isPassword,
  isPort,
  isSmsMobile,
  isTelOrMobile,
  isUrl,
  maskIdCard,
  maskPhone,
} from './validators.js';

describe('spec §5 validators', () => {
  it('checks second-generation ID card numbers by checksum and birth date', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(isIdCard('110101199003071233')).toBe(true);
    expect(isIdCard('110101199003071234')).toBe(false); // wrong check digit
    expect(isIdCard('110101199002301230')).toBe(false); // 30 February
    expect(isIdCard('11010119900307123')).toBe(false); // 17 characters
    expect(isIdCard('010101199003071233')).toBe(false); // region cannot start with 0
  });

  it('accepts phone-login numbers: landlines and current mobiles', () => {
    expect(isTelOrMobile('13800000001')).toBe(true);
    expect(isTelOrMobile('19912345678')).toBe(true);
    expect(isTelOrMobile('010-12345678')).toBe(true);
    expect(isTelOrMobile('0755-1234567')).toBe(true);
    expect(isTelOrMobile('12345678901')).toBe(false);
    expect(isTelOrMobile('1380000000')).toBe(false);
    expect(isTelOrMobile('10-1234567')).toBe(false);
    expect(isSmsMobile('010-12345678')).toBe(false);
    expect(isMobile('12345678901')).toBe(true);
  });

  it('implements the generic validators', () => {
    expect(isExternal('https://a.cn')).toBe(true);
    expect(isExternal('mailto:a@b.cn')).toBe(true);
    expect(isExternal('//cdn.cn/x')).toBe(true);
    expect(isExternal('/study')).toBe(false);
    expect(isPassword('12345')).toBe(false);
    expect(isPassword('123456')).toBe(true);
    expect(isName('张三abc1')).toBe(true);
    expect(isName('a b')).toBe(false);
    expect(isIPv4('192.168.1.255')).toBe(true);
    expect(isIPv4('256.1.1.1')).toBe(false);
    expect(isUrl('https://anxun.cn/a?b=1')).toBe(true);
    expect(isUrl('javascript:alert(1)')).toBe(false);
    expect(isPort(65535)).toBe(true);
    expect(isPort('65536')).toBe(false);
    expect(isEmail('a.b@c.cn')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isChineseName('张三')).toBe(true);
    expect(isChineseName('张三丰四五')).toBe(false);
    expect(isBlank(' ')).toBe(true);
    expect(isBlank('null')).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank('a')).toBe(false);
    expect(isLandline('400-123-4567')).toBe(true);
    expect(isLandline('010-12345678')).toBe(true);
    expect(isMoney('12.34')).toBe(true);
    expect(isMoney('12.345')).toBe(false);
    expect(isJsonObject('{"a":1}')).toBe(true);
    expect(isJsonObject('[1]')).toBe(false);
  });

  it('masks ID numbers and phones', () => {
    expect(maskIdCard('110101199003071233')).toBe('110***********1233');
    expect(maskIdCard(null)).toBe('');
    expect(maskPhone('13800000001')).toBe('138****0001');
  });
});

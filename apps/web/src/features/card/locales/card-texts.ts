import { registerTexts } from '../../../lib/i18n';

/** This feature's own texts (证书查验: the public certificate check); its pages import this module for its effect. */
const zh = {
  card: {
    title: '证书查验',
    number: '证书编号',
    code: '查验码',
    numberRequired: '请输入证书编号',
    codeRequired: '请输入查验码',
    verify: '查验',
    valid: '证书有效',
    revoked: '证书已撤销',
    revokedAt: '撤销时间',
    reissued: '已换发',
    reissuedHint: '此编号的证书已换发新证书，此编号不再有效，请向持证人索取新证书查验。换发时间',
    unknown: '未查到该证书',
    unknownHint: '请核对证书编号和查验码（在证书右下方的二维码旁）',
    holder: '持证人',
    class: '培训班级',
    hours: '学时',
    org: '发证单位',
    issued: '发证日期',
  },
};

const en: typeof zh = {
  card: {
    title: 'Check a certificate',
    number: 'Certificate number',
    code: 'Verification code',
    numberRequired: 'Please enter the number',
    codeRequired: 'Please enter the code',
    verify: 'Check',
    valid: 'This certificate is valid',
    revoked: 'This certificate was revoked',
    revokedAt: 'Revoked',
    reissued: 'Reissued',
    reissuedHint:
      'This number was replaced by a new certificate and is no longer valid; ask the holder for the new one. Reissued',
    unknown: 'No such certificate',
    unknownHint: 'Check the number and code (next to the QR code on the certificate)',
    holder: 'Holder',
    class: 'Class',
    hours: 'Class hours',
    org: 'Issued by',
    issued: 'Issued',
  },
};

registerTexts({ zh, en });

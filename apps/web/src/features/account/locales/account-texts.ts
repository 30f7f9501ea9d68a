import { registerTexts } from '../../../lib/i18n';

/** This feature's own texts (个人中心: profile, password, phone and certificates); its pages import this module for its effect. */
const zh = {
  account: {
    profile: '基本信息',
    name: '姓名',
    account: '账号',
    org: '单位',
    idCard: '身份证号',
    password: '修改密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    passwordMismatch: '两次输入的新密码不一致',
    passwordSaved: '密码已修改',
    phoneTitle: '更换手机号',
    currentPhone: '当前手机号',
    newPhone: '新手机号',
    phoneSaved: '手机号已更换',
    save: '保存',
  },
  certificates: {
    title: '我的证书',
    none: '完成班级全部课程（含考试）后将获得培训合格证书',
    download: '下载证书',
    markPrinted: '标记已打印',
    printedSaved: '已记录打印',
    valid: '有效',
    revoked: '已撤销',
    number: '证书编号',
    code: '查验码',
    issued: '发证',
    printed: '已打印 {{count}} 次',
    verifyLink: '查验页面',
  },
};

const en: typeof zh = {
  account: {
    profile: 'Profile',
    name: 'Name',
    account: 'Account',
    org: 'Organisation',
    idCard: 'ID number',
    password: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'New password again',
    passwordMismatch: 'The two new passwords differ',
    passwordSaved: 'Password changed',
    phoneTitle: 'Change phone',
    currentPhone: 'Current phone',
    newPhone: 'New phone',
    phoneSaved: 'Phone changed',
    save: 'Save',
  },
  certificates: {
    title: 'My certificates',
    none: 'Finish all of a class’s courses (and exams) to earn its certificate',
    download: 'Download',
    markPrinted: 'Mark printed',
    printedSaved: 'Printing recorded',
    valid: 'Valid',
    revoked: 'Revoked',
    number: 'Number',
    code: 'Code',
    issued: 'issued',
    printed: 'printed {{count}}×',
    verifyLink: 'Verification page',
  },
};

registerTexts({ zh, en });

/** The demo accounts of DESIGN.md "Demo data", printed at start-up in demo mode. */
export const DEMO_ORG = {
  code: '00000',
  name: '安训示范单位',
  footer_copyright: '安训示范单位',
  footer_address: '北京市东城区安全生产示范路1号',
  footer_phone: '400-000-0000',
  icp_record: '京ICP备00000000号',
  police_record: '京公网安备11000000000000号',
} as const;

export const DEMO_LEARNER = {
  account: 'demo',
  password: 'demo1234',
  name: '张安全',
  phone: '13800000001',
  // a made-up number with a valid GB 11643 checksum
  idCard: '110101199003071233',
} as const;

export const DEMO_ADMIN = {
  account: 'admin',
  password: 'admin1234',
  name: '培训管理员',
  phone: '13800000002',
  idCard: '110101198505124564',
} as const;

/** The platform operator (role super): creates organisations and their training managers. */
export const DEMO_OPERATOR = {
  account: 'operator',
  password: 'operator1234',
  name: '平台运营',
  phone: '13800000003',
  idCard: null,
} as const;

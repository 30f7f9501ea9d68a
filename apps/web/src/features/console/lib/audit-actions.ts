import type { Language } from '../../../lib/i18n';

/**
 * 操作日志's words for what the server records (`action`, `targetType` of core/audit): the log
 * keeps codes (stable for an auditor's export and filter), the page says them in the page's
 * language. A code not here (one added later) is shown as it is.
 */
const ACTIONS: Record<string, [zh: string, en: string]> = {
  'archive.class': ['生成一期一档', 'Class archive made'],
  'archive.class.download': ['下载一期一档', 'Class archive downloaded'],
  'archive.person': ['生成一人一档', 'Learner archive made'],
  'certificate.template': ['修改证书模板', 'Certificate template changed'],
  'certificate.revoke': ['撤销证书', 'Certificate revoked'],
  'certificate.reissue': ['换发证书', 'Certificate reissued'],
  'certificate.issue': ['签发证书', 'Certificate issued'],
  'exam.grant-attempt': ['允许补考', 'Retake allowed'],
  'class.create': ['创建班级', 'Class created'],
  'class.update': ['修改班级', 'Class changed'],
  'class.enrol': ['报名学员', 'Learners enrolled'],
  'class.remove-member': ['移出学员', 'Learner removed from class'],
  'class.close': ['结课', 'Class closed'],
  'class.reopen': ['重新开放班级', 'Class reopened'],
  'course-book.create': ['新建课程', 'Course created'],
  'course-book.update': ['修改课程', 'Course changed'],
  'course-book.cover': ['更换课程封面', 'Course cover changed'],
  'course-book.cover-remove': ['删除课程封面', 'Course cover removed'],
  'course-book.publish': ['发布课程', 'Course published'],
  'course-book.unpublish': ['撤回课程为草稿', 'Course back to draft'],
  'course-book.retire': ['停用课程', 'Course retired'],
  'course-book.restore': ['恢复课程', 'Course restored'],
  'course-book.add-shared': ['添加平台课程', 'Platform course added'],
  'course-book.remove-shared': ['移除平台课程', 'Platform course removed'],
  'course-unit.create': ['添加课件', 'Unit added'],
  'course-unit.upload': ['上传课件', 'Unit uploaded'],
  'course-unit.retry': ['重新处理课件', 'Unit processed again'],
  'course-unit.reorder': ['调整课件顺序', 'Units reordered'],
  'course-unit.rename': ['重命名课件', 'Unit renamed'],
  'course-unit.dismiss': ['清除上传', 'Upload dismissed'],
  'course-unit.delete': ['删除课件', 'Unit deleted'],
  'department.create': ['添加部门', 'Department added'],
  'department.update': ['修改部门', 'Department changed'],
  'department.delete': ['删除部门', 'Department deleted'],
  'enquiry.update': ['处理报名咨询', 'Enquiry handled'],
  'exam-paper.update': ['修改试卷', 'Exam paper changed'],
  'face-check.confirm': ['确认人脸核验', 'Face check confirmed'],
  'face-check.void': ['作废人脸核验', 'Face check voided'],
  'learner.create': ['添加学员', 'Learner added'],
  'learner.update': ['修改学员', 'Learner changed'],
  'learner.disable': ['停用学员', 'Learner disabled'],
  'learner.enable': ['启用学员', 'Learner enabled'],
  'learner.unlock': ['解锁学员', 'Learner unlocked'],
  'learner.reset-password': ['重置密码', 'Password reset'],
  'learner.import': ['导入学员', 'Learners imported'],
  'learner.export': ['导出学员名单', 'Learner list exported'],
  'learner.face-reference.set': ['设置本人照片', 'Reference photo set'],
  'learner.face-reference.clear': ['清除本人照片', 'Reference photo cleared'],
  'face-reference.own': ['学员自行设置本人照片', 'Reference photo set by the learner'],
  'notice.create': ['发布通知', 'Announcement published'],
  'notice.update': ['修改通知', 'Announcement changed'],
  'notice.withdraw': ['撤回通知', 'Announcement withdrawn'],
  'notice.republish': ['重新发布通知', 'Announcement published again'],
  'organisation.create': ['开通单位', 'Organisation opened'],
  'organisation.update': ['修改单位信息', 'Organisation changed'],
  'organisation.logo': ['更换单位标志', 'Logo changed'],
  'organisation.logo-remove': ['删除单位标志', 'Logo removed'],
  'organisation.disable': ['停用单位', 'Organisation stopped'],
  'organisation.enable': ['启用单位', 'Organisation let in again'],
  'organisation.add-admin': ['添加培训管理员', 'Training manager added'],
  'organisation.admin-disable': ['停用培训管理员', 'Training manager disabled'],
  'organisation.admin-enable': ['启用培训管理员', 'Training manager enabled'],
  'organisation.admin-unlock': ['解锁培训管理员', 'Training manager unlocked'],
  'organisation.admin-reset-password': ['重置培训管理员密码', "Training manager's password reset"],
  'organisation.retention': ['修改记录保存期限', 'Retention changed'],
  'organisation.registration-mode': ['修改注册方式', 'Registration mode changed'],
  'organisation.reference-mode': ['修改本人照片方式', 'Reference photo mode changed'],
  'question.create': ['添加试题', 'Question added'],
  'question.update': ['修改试题', 'Question changed'],
  'question.retire': ['停用试题', 'Question retired'],
  'question.import': ['导入试题', 'Questions imported'],
  'question.image-remove': ['删除试题图片', 'Question image removed'],
  'registration.approve': ['通过注册', 'Registration approved'],
  'registration.reject': ['拒绝注册', 'Registration rejected'],
  'report.export': ['导出报表', 'Report exported'],
};

const TARGETS: Record<string, [zh: string, en: string]> = {
  certificate: ['证书', 'Certificate'],
  class: ['班级', 'Class'],
  'course-book': ['课程', 'Course'],
  'course-unit': ['课件', 'Unit'],
  department: ['部门', 'Department'],
  enquiry: ['报名咨询', 'Enquiry'],
  'exam-paper': ['试卷', 'Exam paper'],
  'face-check': ['人脸核验', 'Face check'],
  notice: ['通知', 'Announcement'],
  organisation: ['单位', 'Organisation'],
  person: ['人员', 'Person'],
  question: ['试题', 'Question'],
};

/** A [zh, en] pair in the page's language. */
const inLanguage = (pair: [string, string], language: Language) => pair[language === 'en' ? 1 : 0];
const say = (table: Record<string, [string, string]>, code: string, language: Language) =>
  // own keys only: a value such as 'constructor' is itself, not Object's
  Object.hasOwn(table, code) ? inLanguage(table[code]!, language) : code;

/** Every action named here (a test holds this to what the server records). */
export const namedAuditActions = (): string[] => Object.keys(ACTIONS);

export const auditActionText = (action: string, language: Language) => say(ACTIONS, action, language);
export const auditTargetText = (target: string, language: Language) => say(TARGETS, target, language);

/** The filter's choices: each kind of record, as the server filters actions by their start. */
export const auditFilterOptions = (language: Language) =>
  AUDIT_FILTERS.map((f) => ({ value: f.prefix, label: inLanguage(f.label, language) }));

const AUDIT_FILTERS: Array<{ prefix: string; label: [zh: string, en: string] }> = [
  { prefix: 'learner.', label: ['学员', 'Learners'] },
  { prefix: 'registration.', label: ['注册审核', 'Registrations'] },
  { prefix: 'department.', label: ['部门', 'Departments'] },
  { prefix: 'class.', label: ['班级', 'Classes'] },
  { prefix: 'course-book.', label: ['课程', 'Courses'] },
  { prefix: 'course-unit.', label: ['课件', 'Units'] },
  { prefix: 'question.', label: ['试题', 'Questions'] },
  { prefix: 'exam-paper.', label: ['试卷', 'Exam papers'] },
  { prefix: 'exam.', label: ['考试', 'Exams'] },
  { prefix: 'face-check.', label: ['人脸核验', 'Face checks'] },
  { prefix: 'certificate.', label: ['证书', 'Certificates'] },
  { prefix: 'archive.', label: ['档案', 'Archives'] },
  { prefix: 'report.', label: ['报表导出', 'Report exports'] },
  { prefix: 'notice.', label: ['通知', 'Announcements'] },
  { prefix: 'enquiry.', label: ['报名咨询', 'Enquiries'] },
  { prefix: 'organisation.', label: ['单位设置', 'Organisation'] },
];

/** A summary's fields in the page's language (the log keeps the API's names); one not here is shown as it is. */
const SUMMARY_KEYS: Record<string, [zh: string, en: string]> = {
  name: ['名称', 'Name'],
  title: ['标题', 'Title'],
  status: ['状态', 'Status'],
  reason: ['原因', 'Reason'],
  parentId: ['上级部门', 'Parent department'],
  departmentId: ['部门', 'Department'],
  departmentIds: ['部门', 'Departments'],
  departmentsCreated: ['新建部门', 'Departments created'],
  includeSub: ['含下级部门', 'With sub-departments'],
  personId: ['人员', 'Person'],
  personIds: ['人员', 'People'],
  classId: ['班级', 'Class'],
  bookId: ['课程', 'Course'],
  bookIds: ['课程', 'Courses'],
  course: ['课程', 'Course'],
  courses: ['课程', 'Courses'],
  created: ['新增', 'Created'],
  updated: ['更新', 'Updated'],
  unchanged: ['未变', 'Unchanged'],
  changes: ['变更', 'Changes'],
  row: ['行', 'Row'],
  fields: ['字段', 'Fields'],
  enrolled: ['报名人数', 'Enrolled'],
  fileName: ['文件', 'File'],
  rows: ['行数', 'Rows'],
  errors: ['错误', 'Errors'],
  fullIdNumbers: ['完整身份证号', 'Whole ID numbers'],
  kind: ['类型', 'Kind'],
  phone: ['手机号', 'Phone'],
  idCard: ['身份证号', 'ID number'],
  post: ['岗位/工种', 'Post'],
  account: ['账号', 'Account'],
  disabled: ['停用', 'Disabled'],
  lockedUntil: ['锁定至', 'Locked until'],
  startDate: ['开始日期', 'Start date'],
  endDate: ['结束日期', 'End date'],
  teacher: ['班主任', 'Teacher'],
  intro: ['简介', 'Introduction'],
  content: ['内容', 'Content'],
  rules: ['规则', 'Rules'],
  classHours: ['学时', 'Class hours'],
  voidedSeconds: ['扣回秒数', 'Seconds taken back'],
  examsVoided: ['作废考试', 'Exams voided'],
  certificateWithdrawn: ['撤销证书', 'Certificate withdrawn'],
  attemptsAllowed: ['考试次数', 'Attempts allowed'],
  number: ['编号', 'Number'],
  stem: ['题干', 'Question'],
  retired: ['已停用', 'Retired'],
};

/** Coded values said in words. */
const SUMMARY_VALUES: Record<string, [zh: string, en: string]> = {
  draft: ['草稿', 'Draft'],
  published: ['已发布', 'Published'],
  retired: ['已停用', 'Retired'],
  true: ['是', 'Yes'],
  false: ['否', 'No'],
};

export const auditSummaryKey = (key: string, language: Language) => say(SUMMARY_KEYS, key, language);
export const auditSummaryValue = (value: string, language: Language) => say(SUMMARY_VALUES, value, language);

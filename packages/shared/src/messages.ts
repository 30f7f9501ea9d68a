import type { FaceFlag } from './schemas/identity.js';
import type { MemberStatus } from './schemas/reports.js';

/** Validation texts of spec §5. They are the product's texts: keep them verbatim. */
export const Msg = {
  USERNAME_REQUIRED: '请输入用户名',
  PASSWORD_REQUIRED: '请输入密码',
  ACCOUNT_REQUIRED: '请输入账号',
  USERNAME_EMPTY: '用户名不能为空',
  TEL_REQUIRED: '请输入电话号码',
  TEL_INVALID: '请输入合法手机号/电话号',
  MOBILE_INVALID: '请输入正确的手机号',
  MOBILE_REQUIRED: '请输入手机号',
  CHECK_CODE_REQUIRED: '请输入验证码',
  SMS_CODE_REQUIRED: '请输入手机验证码',
  WRONG_CHECK_CODE: '验证码输入错误',
  PASSWORD_TOO_SHORT: '密码不能少于6位',
  ID_CARD_INVALID: '请输入正确的身份证号码',
  ID_CARD_REQUIRED: '请输入身份证号码',
  NAME_REQUIRED: '请输入姓名',
  NAME_INVALID: '姓名只能包含中文、字母或数字',
  ORG_CODE_REQUIRED: '请输入单位编码',
  LOGIN_NO_TOKEN: '登录接口异常，未正确返回',
} as const;

/**
 * What a refused study report says (update-Warp's refusalMsg), by its refusal code
 * (schemas/training.ts refusalCode): the player shows it beside the video.
 */
export const RefusalMsg = {
  REPLAY: '重复的进度上报，未计入学时',
  OTHER_PLAYBACK: '您正在其他窗口或设备上学习，本窗口不计学时',
  CLASS_PERIOD: '不在班级培训期内（未开始、已到期或已结课），学习不计学时',
  FACE_CHECK_DUE: '请先完成人脸核验，核验通过前不计学时',
  HIDDEN: '页面不在前台，本段未计入学时',
  RATE: '倍速播放不计学时',
  IDLE: '长时间未操作，本段未计入学时',
  SEEK: '超过已学进度的部分需要完整观看，本段未计入学时',
  DAILY_CAP: '今日学时已达上限，明天再来学习吧',
} as const;

/**
 * Why a photo could not be used for a face check (schemas/identity.ts faceRejection), as the
 * server says it and a Chinese page shows it; an English page says it in its own words.
 */
export const FaceRejectionMsg = {
  NOT_IMAGE: '无法识别的图片，请上传JPG、PNG或WebP格式的照片',
  NO_FACE: '未检测到人脸，请正对摄像头，保持面部完整、清晰',
  MULTIPLE_FACES: '检测到多张人脸，请确保画面中只有您本人',
  FACE_TOO_SMALL: '人脸太小，请靠近摄像头',
  POOR_FACE: '人脸不够清晰，请正对摄像头并保持不动',
  TOO_DARK: '光线太暗，请在明亮的地方拍摄',
  TOO_BRIGHT: '光线太强，请避开强光拍摄',
  MISMATCH: '人脸比对未通过，请本人正对摄像头重试',
  REPLAY: '请用摄像头现场拍照，不能使用已有的照片（如确是现场拍摄，请稍微调整姿势后重拍）',
  STILL_SCENE: '连续多次核验的画面几乎完全相同，请本人正对摄像头现场拍照',
  NOT_LIVE_CAPTURE: '请在核验窗口中用摄像头现场拍照',
} as const;

/** Why 核验审核 was asked to look at a passed check (schemas/identity.ts faceFlag), as the console and 核验记录 name it. */
export const FaceFlagMsg: Record<FaceFlag, string> = {
  STILL_SCENE: '画面连续相同',
  LOW_ANTISPOOF: '防伪分偏低',
  LOW_LIVENESS: '活体分偏低',
  REFUSED_COPIES: '曾用已有照片',
  OTHER_FACE: '曾有不符面孔',
  SAMPLED: '随机抽查',
};

/**
 * A learner's state in a class or a course, as the console, its exports and 一人一档 name it
 * (schemas/reports.ts memberStatus); 待考试 as the learner's own page says it.
 */
export const MemberStatusMsg: Record<MemberStatus, string> = {
  'not-started': '未开始',
  studying: '学习中',
  'exam-due': '待考试',
  done: '已完成',
};

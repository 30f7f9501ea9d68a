import { errorTable } from '@anxun/shared/errors';
import { Msg, RefusalMsg } from '@anxun/shared/messages';
import { PASSWORD_PERSONAL, PASSWORD_TOO_SIMPLE } from '@anxun/shared/validators';

/**
 * English for the product's Chinese sentences that arrive as text: the spec §5 validation
 * texts (shared with the server) and the server's error messages. Unknown texts stay as
 * they are (Chinese is the product's language).
 */
const byMsgKey: Record<keyof typeof Msg, string> = {
  USERNAME_REQUIRED: 'Please enter your account',
  PASSWORD_REQUIRED: 'Please enter your password',
  ACCOUNT_REQUIRED: 'Please enter your account',
  USERNAME_EMPTY: 'The account cannot be empty',
  TEL_REQUIRED: 'Please enter your phone number',
  TEL_INVALID: 'Please enter a valid mobile or landline number',
  MOBILE_INVALID: 'Please enter a valid mobile number',
  MOBILE_REQUIRED: 'Please enter your mobile number',
  CHECK_CODE_REQUIRED: 'Please enter the code',
  SMS_CODE_REQUIRED: 'Please enter the SMS code',
  WRONG_CHECK_CODE: 'The code is wrong',
  PASSWORD_TOO_SHORT: 'The password must have at least 6 characters',
  ID_CARD_INVALID: 'Please enter a valid ID card number',
  ID_CARD_REQUIRED: 'Please enter your ID card number',
  NAME_REQUIRED: 'Please enter your name',
  NAME_INVALID: 'A name may contain Chinese characters, letters or digits only',
  ORG_CODE_REQUIRED: 'Please enter the organisation code',
  LOGIN_NO_TOKEN: 'The login service did not return',
};

/** A refused study report's text (the server's refusalMsg), shown beside the video. */
const byRefusal: Record<keyof typeof RefusalMsg, string> = {
  REPLAY: 'A progress report sent twice: not counted',
  OTHER_PLAYBACK: 'You are studying in another window or on another device: this window does not count',
  CLASS_PERIOD: 'Outside the class’s training period (not started, expired or closed): study does not count',
  FACE_CHECK_DUE: 'Please complete the face check first: nothing counts until it passes',
  HIDDEN: 'The page was not in front: this stretch was not counted',
  RATE: 'Faster playback does not count',
  IDLE: 'No activity for a long time: this stretch was not counted',
  SEEK: 'Beyond what you have watched, a video must be watched in full: this stretch was not counted',
  DAILY_CAP: 'Today’s study time is used up: come back tomorrow',
};

const byErrorCode: Record<number, string> = {
  40000: 'The request is not valid',
  40001: 'Please log in first',
  40003: 'Logged in elsewhere',
  41003: 'Logged in elsewhere',
  40010: 'Wrong account or password',
  40011: 'Too many failed logins: the account is locked for a while',
  40012: 'The code is wrong',
  40013: 'The code has expired, please request a new one',
  40014: 'Codes are sent at most once a minute',
  40015: 'The encrypted data could not be read, please reload the page',
  40016: 'Your login has expired, please log in again',
  40017: 'Your login is no longer valid, please log in again',
  40300: 'You may not open this',
  40400: 'Not found',
  40900: 'Already exists',
  41300: 'Too large',
  41500: 'This type of content is not supported',
  42900: 'Too many requests, please try again later',
  50000: 'Server error, please try again later!',
  99999: 'Unknown error',
};

export const productTextsEn: Record<string, string> = {
  ...Object.fromEntries(Object.entries(byMsgKey).map(([k, en]) => [Msg[k as keyof typeof Msg], en])),
  ...Object.fromEntries(Object.entries(byRefusal).map(([k, en]) => [RefusalMsg[k as keyof typeof RefusalMsg], en])),
  ...Object.fromEntries(
    Object.entries(byErrorCode).flatMap(([code, en]) => {
      const zh = errorTable[Number(code) as keyof typeof errorTable]?.msg;
      return zh ? [[zh, en]] : [];
    }),
  ),
  '该手机号尚未注册，请先注册': 'This phone is not registered yet: please register first',
  '单位编码不存在，请向培训管理员确认': 'Unknown organisation code: please ask your training manager',
  '该身份证号已注册，请直接登录': 'This ID card number is already registered: please log in',
  '该手机号已注册，请直接登录': 'This phone is already registered: please log in',
  '登录尝试过于频繁，请稍后再试': 'Too many login attempts, please try again later',
  '今日验证码发送次数已达上限，请明天再试': 'No more codes today, please try again tomorrow',
  '网络异常，请检查网络连接': 'Network error, please check your connection',
  '请求超时，请稍后重试': 'The request timed out, please try again',
  参加本课程学习后才能评价: 'Only learners of this course can review it',
  参加本课程学习后才能参与讨论: 'Only learners of this course can join its discussion',
  '发布过于频繁，请稍后再试': 'You are posting too fast, please wait a moment',
  评价内容不能超过500个字: 'A review has at most 500 characters',
  讨论内容不能超过1000个字: 'A post has at most 1000 characters',
  请输入评价内容: 'Please write your review',
  请输入讨论内容: 'Please write your post',
  要回复的问题不存在: 'The question no longer exists',
  评价不存在或不是您发布的: 'This review does not exist or is not yours',
  讨论不存在或不是您发布的: 'This post does not exist or is not yours',
  学习心得不能超过500个字: 'Notes have at most 500 characters',
  人脸核验通过: 'Face check passed',
  '人脸比对未通过，请本人正对摄像头重试': 'The face does not match: look at the camera yourself and try again',
  '无法识别的图片，请上传JPG、PNG或WebP格式的照片': 'Not a photo we can read: use JPG, PNG or WebP',
  '未检测到人脸，请正对摄像头，保持面部完整、清晰': 'No face found: look straight at the camera, face fully visible',
  '检测到多张人脸，请确保画面中只有您本人': 'Several faces: only you should be in the picture',
  '人脸太小，请靠近摄像头': 'Your face is too small: come closer',
  '人脸不够清晰，请正对摄像头并保持不动': 'The face is not clear: look at the camera and keep still',
  '光线太暗，请在明亮的地方拍摄': 'Too dark: find better light',
  '光线太强，请避开强光拍摄': 'Too bright: avoid strong light',
  照片不能超过4MB: 'A photo may be 4 MB at most',
  '核验过于频繁，请稍后再试': 'Too many checks: try again in a moment',
  核验任务不存在: 'This face check does not exist',
  该核验已通过: 'This check has passed already',
  原密码不正确: 'The current password is wrong',
  考试前请先完成人脸核验: 'Please pass a face check before the exam',
  新密码不能与原密码相同: 'The new password must differ from the current one',
  该手机号已被其他账号使用: 'This phone belongs to another account',
  [PASSWORD_TOO_SIMPLE]: 'This password is too easy to guess: choose another',
  [PASSWORD_PERSONAL]: 'A password may not hold your phone, account or ID number',
  新手机号与当前手机号相同: 'This is already your phone number',
  请输入原手机号收到的验证码: 'Enter the code sent to your current phone',
  原手机号的验证码输入错误: 'The code for your current phone is wrong',
  '您的账号没有手机号，请联系培训管理员': 'Your account has no phone: ask your training manager',
  参加本课程学习后才能练习: 'Only learners of this course can practise it',
  您已通过本课程考试: 'You passed this course’s exam',
  '考试次数已用完，请联系培训管理员': 'No attempts left: please ask your training manager',
  本课程暂无试题: 'This course has no questions yet',
  '考试已结束，答案不再保存': 'The exam is over: answers are no longer saved',
  考试尚未交卷: 'The paper has not been handed in',
  证书已撤销: 'This certificate was revoked',
  '查验过于频繁，请稍后再试': 'Too many checks: try again in a moment',
  '提交过于频繁，请稍后再试': 'Too many submissions: try again later',
  请输入单位名称: 'Please enter your organisation',
  '请用摄像头现场拍照，不能使用已有的照片': 'Take a new photo with the camera: an existing photo will not do',
  '本人照片由管理员设置，如需更换请联系培训管理员':
    'Your reference photo was set by an administrator: ask them to change it',
  '新照片与原本人照片不是同一人，如需更换请联系培训管理员':
    'The new photo is not of the same person: ask an administrator to change your reference',
  '人脸核验繁忙，请稍后再试': 'Face checks are busy: try again in a moment',
  '考试进行中，交卷后才能练习': 'An exam is running: practise after handing it in',
  清空消息成功: 'Messages cleared',
  开启全屏失败: 'Full screen is not available',
};

import { Msg } from '@anxun/shared/messages';
import {
  isGuessablePassword,
  isIdCard,
  isName,
  isPassword,
  isSmsMobile,
  PASSWORD_TOO_SIMPLE,
} from '@anxun/shared/validators';
import type { Rule } from 'antd/es/form';
import { localiseText } from '../../../lib/i18n';
import { useSettings } from '../../../stores/settings-store';

/**
 * Register form rules built from the same validators and texts (packages/shared) as the
 * server's zod schemas. The schemas themselves stay on the server: zod alone would be a
 * large part of what the auth pages download.
 */
const lang = () => useSettings.getState().language;
const required = (message: string): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (!String(value ?? '').trim()) throw new Error(localiseText(lang(), message));
  },
});
const check = (test: (v: string) => boolean, message: string): Rule => ({
  validator: async (_rule, value: unknown) => {
    const text = String(value ?? '').trim();
    if (text && !test(text)) throw new Error(localiseText(lang(), message));
  },
});

export const registerRules = {
  orgCode: [required(Msg.ORG_CODE_REQUIRED)],
  name: [required(Msg.NAME_REQUIRED), check(isName, Msg.NAME_INVALID)],
  idCard: [required(Msg.ID_CARD_REQUIRED), check(isIdCard, Msg.ID_CARD_INVALID)],
  phone: [required(Msg.MOBILE_REQUIRED), check(isSmsMobile, Msg.MOBILE_INVALID)],
  checkCode: [required(Msg.SMS_CODE_REQUIRED)],
  password: [
    required(Msg.PASSWORD_REQUIRED),
    check((v) => isPassword(v), Msg.PASSWORD_TOO_SHORT),
    check((v) => !isGuessablePassword(v), PASSWORD_TOO_SIMPLE),
  ],
};

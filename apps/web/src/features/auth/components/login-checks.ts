import { Msg } from '@anxun/shared/messages';
import { isTelOrMobile } from '@anxun/shared/validators';

export type LoginField = 'username' | 'password' | 'telPhoto' | 'checkCode';

/**
 * Spec §5 login checks, with the validators and texts the server's schemas use. Each
 * returns the message to show, or undefined when the value is fine. Values are trimmed.
 */
export const loginChecks: Record<LoginField, (value: string) => string | undefined> = {
  username: (v) => (v.trim() ? undefined : Msg.USERNAME_REQUIRED),
  password: (v) => (v.trim() ? undefined : Msg.PASSWORD_REQUIRED),
  telPhoto: (v) => (!v.trim() ? Msg.TEL_REQUIRED : isTelOrMobile(v.trim()) ? undefined : Msg.TEL_INVALID),
  checkCode: (v) => (v.trim() ? undefined : Msg.CHECK_CODE_REQUIRED),
};

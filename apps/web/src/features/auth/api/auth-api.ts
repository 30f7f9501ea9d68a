import type { RegisterForm } from '@anxun/shared/schemas/auth';
import { api } from '../../../lib/api-client';
import { encryptForm } from '../../../lib/crypto';

export function sendCheckCode(tel: string, purpose?: 'register') {
  return api.get<{ resendAfter: number; expiresIn: number }>(
    `/api/train/person/send-check-code/${encodeURIComponent(tel)}`,
    purpose ? { query: { purpose } } : {},
  );
}

export async function registerLearner(form: RegisterForm) {
  const { publicKey } = await api.get<{ publicKey: string }>('/publicKey');
  // The ID number and password travel encrypted, like the login fields.
  const sealed = await encryptForm({ idCard: form.idCard, password: form.password }, publicKey);
  return api.post<{ userId: string; pending: boolean }>('/api/register', { json: { ...form, ...sealed } });
}

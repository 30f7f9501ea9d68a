import type { Profile } from '@anxun/shared/schemas/auth';
import type { ReferenceInfo } from '@anxun/shared/schemas/identity';
import type { MyCertificate } from '@anxun/shared/schemas/certificates';
import type { FileRecord } from '@anxun/shared/schemas/files';
import { useQuery } from '@tanstack/react-query';
import { getReference, referenceKey } from '../../../components/face-check/face-check-api';
import { api } from '../../../lib/api-client';
import { encryptForm } from '../../../lib/crypto';

export type { MyCertificate, Profile, ReferenceInfo };

export const accountKeys = {
  profile: ['account', 'profile'] as const,
  reference: referenceKey,
  certificates: ['account', 'certificates'] as const,
};

export const useProfile = () =>
  useQuery({ queryKey: accountKeys.profile, queryFn: () => api.get<Profile>('/api/user/profile') });

/** The reference photo: one query (and one fetch) with the prompts that ask for it (components/face-check). */
export const useReference = () => useQuery({ queryKey: accountKeys.reference, queryFn: getReference });

export const useMyCertificates = () =>
  useQuery({
    queryKey: accountKeys.certificates,
    queryFn: () => api.get<MyCertificate[]>('/api/base/certificate/my'),
  });

/** A new avatar (SysPhoto): the server keeps one, this one. */
export function uploadAvatar(photo: Blob) {
  const form = new FormData();
  form.append('file', photo, photo instanceof File ? photo.name : 'avatar.jpg');
  // silent: the card says what went wrong beside the avatar
  return api.post<FileRecord>('/api/file/upload', { body: form, query: { otcType: 'SysPhoto' }, silent: true });
}

/** Removes the person's avatar: his SysPhoto files, found by his id (spec §3: file delete by id). */
export async function removeAvatar(personId: string): Promise<void> {
  const files = await api.get<FileRecord[]>('/api/file/select', {
    query: { otcId: personId, otcType: 'SysPhoto' },
    silent: true,
  });
  for (const f of files) await api.delete('/api/file/delete', { query: { id: f.id }, silent: true });
}

export function uploadReference(photo: Blob, via: 'camera' | 'upload') {
  const form = new FormData();
  form.append('via', via);
  form.append('photo', photo, 'face.jpg');
  return api.post<ReferenceInfo>('/api/face/reference', { body: form });
}

export async function changePassword(oldPassword: string, newPassword: string) {
  const { publicKey } = await api.get<{ publicKey: string }>('/publicKey');
  // both passwords travel encrypted, like the login fields
  return api.post('/api/user/update-password', { json: await encryptForm({ oldPassword, newPassword }, publicKey) });
}

/** A code to his own phone, to set a password without the current one. */
/** A code to the learner's own phone: for a password without the current one, or a new phone. */
export const sendOwnPhoneCode = () => api.get<{ resendAfter: number }>('/api/user/send-own-phone-code');

export async function passwordByCode(checkCode: string, newPassword: string) {
  const { publicKey } = await api.get<{ publicKey: string }>('/publicKey');
  return api.post('/api/user/password-by-code', {
    json: { checkCode, ...(await encryptForm({ newPassword }, publicKey)) },
  });
}

export const sendCode = (tel: string) =>
  api.get<{ resendAfter: number }>(`/api/user/send-phone-code/${encodeURIComponent(tel)}`);

/**
 * A new phone: the code sent to it, and the one sent to the current phone (`oldCheckCode`) —
 * or, for an account without a phone, its password (encrypted as at login).
 */
export async function changePhone(form: {
  telPhoto: string;
  checkCode: string;
  oldCheckCode?: string | undefined;
  password?: string | undefined;
}) {
  const { password, ...rest } = form;
  const sealed =
    password === undefined
      ? {}
      : await encryptForm({ password }, (await api.get<{ publicKey: string }>('/publicKey')).publicKey);
  return api.post<{ phone: string }>('/api/user/update-phone', { json: { ...rest, ...sealed } });
}

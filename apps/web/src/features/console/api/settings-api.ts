import type { CertificateTemplate, CertificateTemplateBody } from '@anxun/shared/schemas/certificates';
import type { ReferenceSettings } from '@anxun/shared/schemas/identity';
import type { RetentionSettings } from '@anxun/shared/schemas/retention';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchFile } from '../../../lib/download';

export type { CertificateTemplate, CertificateTemplateBody, ReferenceSettings, RetentionSettings };

const M = '/api/manage';
export const settingsKeys = {
  reference: ['console', 'settings', 'face-reference'] as const,
  retention: ['console', 'settings', 'retention'] as const,
  template: ['console', 'settings', 'certificate-template'] as const,
};

/** 本人照片采集: whether learners take their own reference photo or only managers do. */
export const useReferenceSettings = () =>
  useQuery({
    queryKey: settingsKeys.reference,
    queryFn: () => api.get<ReferenceSettings>(`${M}/face-references/settings`),
  });
export const setReferenceMode = (mode: ReferenceSettings['mode']) =>
  api.put<ReferenceSettings>(`${M}/face-references/settings`, { json: { mode } });

/** 档案保存: years kept, and the face-check photos held and purged. */
export const useRetention = () =>
  useQuery({ queryKey: settingsKeys.retention, queryFn: () => api.get<RetentionSettings>(`${M}/settings/retention`) });
export const setRetention = (retentionYears: number) =>
  api.put<RetentionSettings>(`${M}/settings/retention`, { json: { retentionYears } });

/** 证书模板: title, seal and signature line of the organisation's certificates. */
export const useCertificateTemplate = () =>
  useQuery({
    queryKey: settingsKeys.template,
    queryFn: () => api.get<CertificateTemplate>(`${M}/certificate-template`),
  });
export const saveCertificateTemplate = (body: CertificateTemplateBody) =>
  api.put<CertificateTemplate>(`${M}/certificate-template`, { json: body });
/** A sample certificate under the template as the form holds it (a PDF, nothing saved). */
export const previewCertificateTemplate = (body: CertificateTemplateBody) =>
  fetchFile(`${M}/certificate-template/preview`, { method: 'POST', json: body });
/** The seal image (the organisation's; earlier ones are kept for certificates issued under them). */
export function uploadSeal(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ id: string; filePath: string }>('/api/file/upload', {
    body: form,
    query: { otcType: 'CertificateSeal' },
  });
}

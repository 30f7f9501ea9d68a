import type { CertificateProgress } from '@anxun/shared/schemas/certificates';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export type { CertificateProgress };

/**
 * Where a learner's certificates are: 个人中心's card, scrolled into view — asked in the
 * navigation's state (the keep-alive outlet keeps a page per address, so not a query).
 */
export const CERTIFICATES_PATH = '/setting/personalCenter';
export const showCertificatesState = { showCertificates: true } as const;

/** One key for every page that shows where a class stands on its certificate. */
export const certificateProgressKey = ['certificate-progress'] as const;

/** Each of the learner's classes and its certificate: issued, withheld (with the checks still open) or studying. */
export function useCertificateProgress(enabled = true) {
  return useQuery({
    queryKey: certificateProgressKey,
    enabled,
    queryFn: () => api.get<CertificateProgress[]>('/api/base/certificate/progress', { silent: true }),
  });
}

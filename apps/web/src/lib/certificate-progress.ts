import type { CertificateProgress } from '@anxun/shared/schemas/certificates';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export type { CertificateProgress };

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

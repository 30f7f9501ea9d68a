import type { ManagedCertificate } from '@anxun/shared/schemas/certificates';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { ManagedCertificate };

const M = '/api/manage';

/** 证书管理, a page at a time. */
export const useCertificates = (query: { q?: string | undefined; status?: string | undefined; current: number }) =>
  useQuery({
    queryKey: ['console', 'certificates', query],
    queryFn: () =>
      api.get<{ records: ManagedCertificate[]; total: number }>(`${M}/certificates`, {
        query: {
          ...(query.q ? { q: query.q } : {}),
          ...(query.status ? { status: query.status } : {}),
          current: String(query.current),
          size: '20',
        },
      }),
  });

export const revokeCertificate = (id: string, reason: string) =>
  api.post<{ revoked: true }>(`${M}/certificates/${id}/revoke`, { json: { reason } });
export const reissueCertificate = (id: string, reason: string) =>
  api.post<{ number: string }>(`${M}/certificates/${id}/reissue`, { json: { reason } });
export const issueCertificate = (trainPersonId: string) =>
  api.post<{ id: string; number: string }>(`${M}/certificates/issue`, { json: { trainPersonId } });

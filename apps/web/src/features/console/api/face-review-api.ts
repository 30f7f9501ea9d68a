import type { FaceReviewItem } from '@anxun/shared/schemas/identity';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { FaceReviewItem };

const M = '/api/manage';

/** 核验审核: the checks waiting for review, or those reviewed. */
/** The queue (waiting or reviewed), or — `check`, from the face-check records sheet — that one check. */
export const useFaceReview = (state: 'waiting' | 'reviewed', current: number, check?: string | undefined) =>
  useQuery({
    queryKey: ['console', 'face-review', state, current, check],
    queryFn: () =>
      api.get<{ records: FaceReviewItem[]; total: number }>(`${M}/face-checks/review`, {
        query: check ? { check } : { state, current: String(current), size: '10' },
      }),
  });

export const reviewFaceCheck = (checkId: string, decision: 'confirm' | 'void', reason: string) =>
  api.post<{
    decision: 'confirmed' | 'voided';
    voidedSeconds: number;
    examsVoided: number;
    certificateWithdrawn: string | null;
  }>(`${M}/face-checks/${checkId}/review`, {
    json: { decision, reason },
  });

import type { NoticeItem } from '@anxun/shared/schemas/shell';
import { useQuery } from '@tanstack/react-query';
import { useUser } from '../stores/user-store';
import { api } from './api-client';

/**
 * The learner's notices — announcements for his organisation or class, and what the platform
 * told him (a voided face check, a certificate withdrawn). One request for every place that
 * shows them: the header's widget, 我的学习, 个人中心.
 */
export function useNotices() {
  const token = useUser((s) => s.token);
  return useQuery({
    queryKey: ['notices', token],
    queryFn: () => api.get<{ list: NoticeItem[]; total: number }>('/notice/getList', { silent: true }),
    enabled: Boolean(token),
    // a notice published meanwhile shows when he comes back to the tab, and every few minutes
    // while he looks at it (notices are not pushed)
    refetchOnWindowFocus: 'always',
    refetchInterval: 3 * 60_000,
  });
}

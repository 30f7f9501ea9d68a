import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useUser } from '../stores/user-store';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// Who is signed in changed (a login, a logout, another account): what was read for the one before
// is not his — a guest's 首页 answered for the site's default organisation, a learner of another
// organisation signing in must see his own. A renewed token (the same person) keeps the cache.
useUser.subscribe((state, previous) => {
  if (state.userId !== previous.userId) queryClient.clear();
});

/** Server data of the layout pages goes through TanStack Query (loaded with the shell). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

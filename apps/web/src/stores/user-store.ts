import { LOGGED_OUT_USER_NAME, LOGIN_CLIENT } from '@anxun/shared/constants';
import type { LoginResponse, LoginRoles } from '@anxun/shared/schemas/auth';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { api, ApiError, configureApiClient } from '../lib/api-client';
import { encryptForm } from '../lib/crypto';
import { t } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import { RealtimeClient } from '../lib/realtime';
import { FULL_ACCESS, useAcl } from './acl-store';
import { useTabs } from './tabs-store';

/**
 * The session (spec §3 session user, §4 session states). Kept in session storage; the
 * refresh token — never a password — sits in local storage under the user's id, and the
 * id is in session storage, as the described site kept its per-user entry.
 */
export interface SessionUser {
  token: string | undefined;
  userId: string | undefined;
  orgCode: string | undefined;
  username: string;
  avatar: string | null;
  idCard: string;
  sysEnterpriseId: string | undefined;
  role: string | undefined;
  /** set to 异地登录 when the session was replaced elsewhere */
  message: string;
}

const LOGGED_OUT: SessionUser = {
  token: undefined,
  userId: undefined,
  orgCode: undefined,
  username: LOGGED_OUT_USER_NAME,
  avatar: null,
  idCard: '',
  sysEnterpriseId: undefined,
  role: undefined,
  message: '',
};

const refreshKey = (userId: string) => `anxun-user-${userId}`;

interface SessionActions {
  loginWithPassword(username: string, password: string): Promise<void>;
  loginWithCheckCode(telPhoto: string, checkCode: string): Promise<void>;
  refresh(): Promise<boolean>;
  /** On start (spec §4): reload name and avatar, renewing the login only when it has expired. */
  restore(): Promise<void>;
  logout(): Promise<void>;
  /** 40003/41003 or websocket 0x90001: the account logged in on another device */
  endedElsewhere(): void;
}

let realtime: RealtimeClient | undefined;

async function publicKey(): Promise<string> {
  return (await api.get<{ publicKey: string }>('/publicKey')).publicKey;
}

export const useUser = create<SessionUser & SessionActions>()(
  persist(
    (set, get) => {
      const signedIn = (res: LoginResponse) => {
        if (!res?.credentials?.accessToken) throw new ApiError(99999, '登录接口异常，未正确返回accessToken...', 0);
        const { roles, credentials } = res;
        localStorage.setItem(
          refreshKey(roles.userId),
          JSON.stringify({ refreshToken: credentials.refreshToken, client: LOGIN_CLIENT }),
        );
        set({
          token: credentials.accessToken,
          userId: roles.userId,
          orgCode: roles.orgCode,
          username: roles.userName,
          avatar: roles.avatar,
          idCard: roles.idCard,
          sysEnterpriseId: roles.sysEnterpriseId,
          role: roles.role,
          message: '',
        });
        useAcl.getState().set({ admin: roles.role === 'admin', roles: [roles.role], abilities: [] });
        realtime?.close();
        realtime = new RealtimeClient(credentials.accessToken, { onLoggedInElsewhere: () => get().endedElsewhere() });
        realtime.open();
      };

      const clear = () => {
        realtime?.close();
        realtime = undefined;
        const { userId } = get();
        if (userId) localStorage.removeItem(refreshKey(userId));
        useAcl.getState().set(FULL_ACCESS);
        useTabs.getState().set([]);
      };

      return {
        ...LOGGED_OUT,
        async loginWithPassword(username, password) {
          const key = await publicKey();
          const form = await encryptForm({ username, password, client: LOGIN_CLIENT }, key);
          signedIn(await api.post<LoginResponse>('/api/login', { json: form }));
        },
        async loginWithCheckCode(telPhoto, checkCode) {
          signedIn(
            await api.post<LoginResponse>('/api/login', { json: { telPhoto, checkCode, client: LOGIN_CLIENT } }),
          );
        },
        async refresh() {
          const { userId } = get();
          const saved = userId ? localStorage.getItem(refreshKey(userId)) : null;
          if (!saved) return false;
          try {
            const { refreshToken } = JSON.parse(saved) as { refreshToken: string };
            signedIn(await api.post<LoginResponse>('/api/refresh-token', { json: { refreshToken }, silent: true }));
            return true;
          } catch {
            clear();
            set(LOGGED_OUT);
            return false;
          }
        },
        async restore() {
          const { token, userId } = get();
          if (!token) {
            if (userId) await get().refresh();
            return;
          }
          try {
            const roles = await api.get<LoginRoles>('/api/user/info', { silent: true });
            set({ username: roles.userName, avatar: roles.avatar, orgCode: roles.orgCode, role: roles.role });
            resumeRealtime();
          } catch (err) {
            // An access token that expired is renewed with the refresh token; one replaced by a
            // login elsewhere has already ended the session (api client → endedElsewhere).
            if (err instanceof ApiError && (err.code === 40001 || err.code === 40016)) await get().refresh();
          }
        },
        async logout() {
          const { token } = get();
          clear();
          if (token) await api.get('/api/logout', { silent: true }).catch(() => undefined);
          set(LOGGED_OUT);
          sessionStorage.clear();
          location.replace(`${location.pathname}#/`);
          location.reload();
        },
        endedElsewhere() {
          if (get().message) return;
          clear();
          set({ ...LOGGED_OUT, message: '异地登录' });
          notifyError(t('login.kickedNotice'));
          location.hash = '#/';
        },
      };
    },
    {
      name: 'anxun-session',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ token, userId, orgCode, username, avatar, idCard, sysEnterpriseId, role, message }) => ({
        token,
        userId,
        orgCode,
        username,
        avatar,
        idCard,
        sysEnterpriseId,
        role,
        message,
      }),
    },
  ),
);

configureApiClient({
  getToken: () => useUser.getState().token,
  onLoggedInElsewhere: () => useUser.getState().endedElsewhere(),
});

/** Reconnects the realtime socket for a session restored from session storage. */
export function resumeRealtime(): void {
  const { token, role } = useUser.getState();
  if (!token || realtime) return;
  useAcl.getState().set({ admin: role === 'admin', roles: role ? [role] : [], abilities: [] });
  realtime = new RealtimeClient(token, { onLoggedInElsewhere: () => useUser.getState().endedElsewhere() });
  realtime.open();
}

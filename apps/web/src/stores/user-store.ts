import { LOGGED_OUT_USER_NAME, LOGIN_CLIENT, DEFAULT_USER_NAME } from '@anxun/shared/constants';
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
import { forgetAnswers } from '../lib/kept-answers';

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
  /** when the access token expires (ms): it is renewed a little before, not after a refusal */
  tokenExpiresAt: number | undefined;
  /** his password was set by someone else (a manager): he chooses his own before anything else */
  mustChangePassword: boolean;
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
  tokenExpiresAt: undefined,
  mustChangePassword: false,
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
  /** he has set a password of his own (the one a manager gave him is gone) */
  passwordChosen(): void;
}

let realtime: RealtimeClient | undefined;
let endingElsewhere = false;

async function publicKey(): Promise<string> {
  return (await api.get<{ publicKey: string }>('/publicKey')).publicKey;
}

/** Codes after which the stored refresh token is worth nothing. */
const SESSION_GONE = new Set<number | string>([40001, 40003, 40016, 40017]);
const KICKED_NOTICE_KEY = 'anxun-kicked-notice';
const SESSION_KEY = 'anxun-session';

/**
 * A signed-in person sees the pages his role is named on (and those naming no role). Departure
 * from spec §6 ("admin sees everything"): an organisation's admin must not see the platform
 * operator's pages, nor the operator the organisation's.
 */
function aclFor(role: string | undefined) {
  return role ? { admin: false, roles: [role], abilities: [] } : FULL_ACCESS;
}

export const useUser = create<SessionUser & SessionActions>()(
  persist(
    (set, get) => {
      /** The refresh token this tab holds, so it never deletes another tab's newer one. */
      let myRefreshToken: string | undefined;
      let renewing: Promise<boolean> | undefined;
      let renewTimer: ReturnType<typeof setTimeout> | undefined;

      /**
       * Renews the access token a minute (or a fifth of its life) before it expires: a request
       * refused for an expired token is renewed and retried, but a page's last report, sent as
       * the tab closes, cannot wait for that — its watched seconds were lost.
       */
      const scheduleRenewal = (expiresAt: number | undefined, after?: number) => {
        if (renewTimer) clearTimeout(renewTimer);
        renewTimer = undefined;
        renewWhenSeen = false;
        if (!expiresAt) return;
        const left = expiresAt - Date.now();
        const lead = Math.min(60_000, left / 5);
        renewTimer = setTimeout(() => void renewAhead(), after ?? Math.max(1_000, left - lead));
      };
      /** a tab in the background renews once it is seen: the session has one access token, and
       * renewing it here would end the one the tab in use holds */
      let renewWhenSeen = false;
      const renewAhead = async () => {
        renewTimer = undefined;
        if (!get().token) return;
        if (document.visibilityState === 'hidden') {
          renewWhenSeen = true;
          return;
        }
        if (await get().refresh()) return;
        // offline or limited for a moment: again shortly, while the token still works
        const expiresAt = get().tokenExpiresAt;
        if (get().token && expiresAt && expiresAt - Date.now() > 5_000) scheduleRenewal(expiresAt, 15_000);
      };
      if (typeof document !== 'undefined') {
        document.addEventListener('visibilitychange', () => {
          if (renewWhenSeen && document.visibilityState === 'visible') {
            renewWhenSeen = false;
            void renewAhead();
          }
        });
      }

      const openRealtime = (token: string) => {
        realtime?.close();
        realtime = new RealtimeClient(token, {
          onLoggedInElsewhere: () => get().endedElsewhere(),
          onUnauthorized: () => void get().refresh(),
        });
        realtime.open();
      };

      const signedIn = (res: LoginResponse) => {
        if (!res?.credentials?.accessToken) throw new ApiError(99999, `${t('login.noToken')}accessToken...`, 0);
        const { roles, credentials } = res;
        myRefreshToken = credentials.refreshToken;
        localStorage.setItem(
          refreshKey(roles.userId),
          JSON.stringify({ refreshToken: credentials.refreshToken, client: LOGIN_CLIENT }),
        );
        set({
          token: credentials.accessToken,
          userId: roles.userId,
          orgCode: roles.orgCode,
          username: roles.userName || DEFAULT_USER_NAME, // spec §9: a user without a name is 用户
          avatar: roles.avatar,
          idCard: roles.idCard,
          sysEnterpriseId: roles.sysEnterpriseId,
          role: roles.role,
          message: '',
          tokenExpiresAt: Date.now() + credentials.expiresIn * 1000,
          mustChangePassword: roles.mustChangePassword === true,
        });
        scheduleRenewal(get().tokenExpiresAt);
        useAcl.getState().set(aclFor(roles.role));
        openRealtime(credentials.accessToken);
      };

      const clear = () => {
        scheduleRenewal(undefined);
        realtime?.close();
        realtime = undefined;
        const { userId } = get();
        if (userId) {
          const saved = localStorage.getItem(refreshKey(userId));
          const held = saved ? (JSON.parse(saved) as { refreshToken?: string }).refreshToken : undefined;
          if (!held || !myRefreshToken || held === myRefreshToken) localStorage.removeItem(refreshKey(userId));
        }
        myRefreshToken = undefined;
        useAcl.getState().set(FULL_ACCESS);
        useTabs.getState().set([]);
      };

      /** Before a new login in this tab: end the current session quietly (no kick-out of ourselves). */
      const endCurrent = async () => {
        const { token } = get();
        if (!token) return;
        realtime?.close();
        realtime = undefined;
        await api.get('/api/logout', { silent: true }).catch(() => undefined);
        clear();
        set(LOGGED_OUT);
      };

      return {
        ...LOGGED_OUT,
        async loginWithPassword(username, password) {
          const form = await sealLoginForm({ username, password, client: LOGIN_CLIENT });
          await endCurrent();
          signedIn(await api.post<LoginResponse>('/api/login', { json: form }));
        },
        async loginWithCheckCode(telPhoto, checkCode) {
          const form = await sealLoginForm({ telPhoto, checkCode, client: LOGIN_CLIENT });
          await endCurrent();
          signedIn(await api.post<LoginResponse>('/api/login', { json: form }));
        },
        refresh() {
          // One renewal at a time: parallel 40016s share it.
          renewing ??= (async () => {
            const { userId } = get();
            const saved = userId ? localStorage.getItem(refreshKey(userId)) : null;
            if (!saved) {
              if (get().token) sessionEnded();
              return false;
            }
            const stored = () =>
              (JSON.parse(localStorage.getItem(refreshKey(userId!)) ?? '{}') as { refreshToken?: string }).refreshToken;
            const renew = (refreshToken: string) =>
              api.post<LoginResponse>('/api/refresh-token', { json: { refreshToken }, silent: true });
            try {
              const { refreshToken } = JSON.parse(saved) as { refreshToken: string };
              myRefreshToken = refreshToken;
              try {
                signedIn(await renew(refreshToken));
              } catch (err) {
                // another tab renewed with the same token a moment before (the server allows
                // that much, and no more): take the token it stored, once
                const newer = stored();
                if (!(err instanceof ApiError) || err.code !== 40017 || !newer || newer === refreshToken) throw err;
                myRefreshToken = newer;
                signedIn(await renew(newer));
              }
              return true;
            } catch (err) {
              // A network error or a rate limit keeps the session for another try; a dead
              // token ends it (a login elsewhere has already been handled by endedElsewhere).
              if (err instanceof ApiError && SESSION_GONE.has(err.code) && !get().message) sessionEnded();
              return false;
            } finally {
              renewing = undefined;
            }
          })();
          return renewing;
        },
        async restore() {
          if (sessionStorage.getItem(KICKED_NOTICE_KEY)) {
            sessionStorage.removeItem(KICKED_NOTICE_KEY);
            notifyError(t('login.kickedNotice'));
          }
          const { token, userId, role } = get();
          // Permissions from the stored role at once, not after the network answers.
          useAcl.getState().set(aclFor(token ? role : undefined));
          if (!token) {
            if (userId && localStorage.getItem(refreshKey(userId))) await get().refresh();
            return;
          }
          openRealtime(token);
          scheduleRenewal(get().tokenExpiresAt);
          try {
            const roles = await api.get<LoginRoles>('/api/user/info', { silent: true });
            set({
              username: roles.userName || DEFAULT_USER_NAME,
              avatar: roles.avatar,
              orgCode: roles.orgCode,
              role: roles.role,
              mustChangePassword: roles.mustChangePassword === true,
            });
            useAcl.getState().set(aclFor(roles.role));
          } catch {
            // 40016 was renewed by the API client; 40003 ended the session; anything else waits.
          }
        },
        async logout() {
          const { token } = get();
          realtime?.close();
          realtime = undefined;
          if (token) await api.get('/api/logout', { silent: true }).catch(() => undefined);
          clear();
          set(LOGGED_OUT);
          sessionStorage.clear();
          // a paper's answers kept unsaved: not for the next person at this computer
          forgetAnswers();
          location.replace(`${location.pathname}#/`);
          location.reload();
        },
        passwordChosen() {
          set({ mustChangePassword: false });
        },
        endedElsewhere() {
          // HTTP 40003 and websocket 0x90001 may both arrive: act once.
          if (get().message || endingElsewhere) return;
          endingElsewhere = true;
          clear();
          // Written straight to session storage, not through set(): a re-render now would run
          // the guard against a half-ended session. The reload then drops every trace of the
          // previous session (cached pages, queries) and shows the notice once.
          sessionStorage.setItem(
            SESSION_KEY,
            JSON.stringify({ state: { ...LOGGED_OUT, message: '异地登录' }, version: 0 }),
          );
          sessionStorage.setItem(KICKED_NOTICE_KEY, '1');
          location.replace(`${location.pathname}#/`);
          location.reload();
        },
      };

      function sessionEnded() {
        clear();
        set(LOGGED_OUT);
        // said, not only shown: a page that drops to the login without a word looks broken
        notifyError(t('login.sessionEnded'));
        location.hash = '#/login';
      }
    },
    {
      name: SESSION_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // the session's fields (LOGGED_OUT names them all), not the actions
      partialize: (state): SessionUser =>
        Object.fromEntries(
          (Object.keys(LOGGED_OUT) as Array<keyof SessionUser>).map((key) => [key, state[key]]),
        ) as unknown as SessionUser,
    },
  ),
);

configureApiClient({
  getToken: () => useUser.getState().token,
  onLoggedInElsewhere: () => useUser.getState().endedElsewhere(),
  renewSession: () => useUser.getState().refresh(),
});

/**
 * Login fields travel RSA-OAEP-encrypted with the key from /publicKey. Browsers give
 * WebCrypto only on secure origins (HTTPS or localhost); elsewhere the fields go plain,
 * which the server accepts (DESIGN.md: plain JSON over TLS).
 */
async function sealLoginForm<T extends Record<string, string>>(form: T): Promise<T> {
  if (!globalThis.crypto?.subtle) return form;
  return encryptForm(form, await publicKey());
}

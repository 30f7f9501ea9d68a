import { Role } from '@anxun/shared/constants';
import crypto from 'node:crypto';
import { ErrorCode } from '@anxun/shared/errors';
import type { LoginResponse, LoginRoles } from '@anxun/shared/schemas/auth';
import type { AppContext } from '../app-context.js';
import type { BusEvent } from '../infra/realtime-bus.js';
import { hashToken, randomToken } from '../infra/crypto.js';
import { AppError } from '../http/app-error.js';
import { signedFileUrl } from './file-url.js';
import { maskedIdCard } from './id-cards.js';
import { findPersonById, lockPersonRow, type PersonWithOrg } from './person.repository.js';
import {
  findSessionByAccessHash,
  findRotatedToken,
  rememberRotatedToken,
  findSessionByRefreshHash,
  insertSession,
  revokePersonSessions,
  revokeSession,
  rotateSessionTokens,
  touchSessions,
} from './session.repository.js';

/** Whom a disabled account asks: a learner his training manager; a training manager, stopped by the platform, the platform. */
export const accountDisabled = (role: string) =>
  role === Role.LEARNER ? '账号已停用，请联系培训管理员' : '账号已停用，请联系平台运营';

export interface AuthUser {
  sessionId: string;
  personId: string;
  orgId: string;
  role: string;
}

export interface DeviceInfo {
  client: string;
  ip: string;
  userAgent: string | undefined;
}

export function avatarUrl(ctx: AppContext, person: Pick<PersonWithOrg, 'avatar_file_id'>): string | null {
  return person.avatar_file_id ? signedFileUrl(ctx.keys.secret, person.avatar_file_id, ctx.now()) : null;
}

/** The person as a client may see them: the ID number only masked. */
export function toRoles(ctx: AppContext, person: PersonWithOrg): LoginRoles {
  return {
    userId: person.id,
    userName: person.name,
    orgCode: person.org_code,
    idCard: maskedIdCard(ctx.keys.idCards, person.id, person.id_card_enc),
    sysEnterpriseId: person.org_id,
    role: person.role,
    avatar: avatarUrl(ctx, person),
    mustChangePassword: person.temporary_password_at !== null,
  };
}

function toLoginResponse(
  ctx: AppContext,
  person: PersonWithOrg,
  accessToken: string,
  refreshToken: string,
): LoginResponse {
  return {
    credentials: { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ctx.config.accessTokenSeconds },
    roles: toRoles(ctx, person),
  };
}

/**
 * One device at a time: a new login revokes the person's other sessions, and every node
 * closes their websockets (0x90001 then close) through the bus.
 */
export async function startSession(ctx: AppContext, person: PersonWithOrg, device: DeviceInfo): Promise<LoginResponse> {
  const now = ctx.now();
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const replaced = await ctx.db.transaction().execute(async (trx) => {
    // On PostgreSQL two logins of one person would otherwise each miss the other's new,
    // uncommitted session and both stay live; the row lock makes them take turns.
    await lockPersonRow(trx, person.id);
    const ids = await revokePersonSessions(trx, person.id, 'replaced', now);
    // The replaced device's playback ends with its session: the training feature's credit
    // batch leaves out a playback whose session was revoked, so the learner studies on the
    // new device at once (study_playbacks stays the training feature's alone to write).
    await insertSession(trx, {
      id: crypto.randomUUID(),
      person_id: person.id,
      access_token_hash: hashToken(accessToken),
      refresh_token_hash: hashToken(refreshToken),
      client: device.client,
      user_agent: device.userAgent?.slice(0, 300) ?? null,
      ip: device.ip,
      created_at: now,
      last_seen_at: now,
      access_expires_at: now + ctx.config.accessTokenSeconds * 1000,
      refresh_expires_at: now + ctx.config.refreshTokenSeconds * 1000,
      revoked_at: null,
      revoked_reason: null,
    });
    return ids;
  });
  await publishRevoked(ctx, replaced, 'replaced');
  return toLoginResponse(ctx, person, accessToken, refreshToken);
}

const TOUCH_EVERY_MS = 60_000;
/** Sessions seen are written together, at most this often: a reconnect storm is one write, not one per socket. */
const TOUCH_FLUSH_MS = 2_000;
const pendingTouches = new WeakMap<
  AppContext['db'],
  { ids: Set<string>; at: number; timer: ReturnType<typeof setTimeout> }
>();

/** Notes that a session was seen; written with the others seen within TOUCH_FLUSH_MS. */
function touchSoon(ctx: AppContext, sessionId: string, now: number): void {
  let pending = pendingTouches.get(ctx.db);
  if (!pending) {
    const timer = setTimeout(() => void flushSessionTouches(ctx), TOUCH_FLUSH_MS).unref();
    pending = { ids: new Set<string>(), at: now, timer };
    pendingTouches.set(ctx.db, pending);
  }
  pending.ids.add(sessionId);
  pending.at = Math.max(pending.at, now);
}

/** Writes the sessions seen and not yet recorded (at once: the node is closing). */
export async function flushSessionTouches(ctx: AppContext): Promise<void> {
  const batch = pendingTouches.get(ctx.db);
  if (!batch) return;
  pendingTouches.delete(ctx.db);
  clearTimeout(batch.timer);
  try {
    await touchSessions(ctx.db, [...batch.ids], batch.at);
  } catch (err) {
    ctx.log.warn({ err, sessions: batch.ids.size }, 'last seen not recorded');
  }
}

/** Resolves an access token to its user, or throws the envelope a client must see. */
export async function authenticateToken(ctx: AppContext, token: string | undefined): Promise<AuthUser> {
  if (!token) throw new AppError(ErrorCode.UNAUTHORIZED);
  const hash = hashToken(token);
  // the cache only while the bus carries invalidations (else a revocation elsewhere is unheard)
  const cacheable = ctx.bus.connected;
  let session = cacheable ? ctx.sessions.get(hash) : undefined;
  if (session) {
    // A revocation published before this request arrived may sit unread on the bus's socket:
    // let the event loop finish reading what has arrived (the check phase comes after every
    // ready socket's callback), then look again.
    await new Promise((resolve) => setImmediate(resolve));
    session = ctx.sessions.get(hash);
  }
  if (!session) {
    const epoch = ctx.sessions.epoch();
    const row = await findSessionByAccessHash(ctx.db, hash);
    if (!row) throw new AppError(ErrorCode.UNAUTHORIZED);
    if (row.revoked_at !== null) {
      if (row.revoked_reason === 'replaced') throw new AppError(ErrorCode.LOGGED_IN_ELSEWHERE);
      // signed out by a manager's 停用: said, not 请先登录 (a fresh login says the same)
      if (row.revoked_reason === 'disabled') throw new AppError(ErrorCode.UNAUTHORIZED, accountDisabled(row.role));
      throw new AppError(ErrorCode.UNAUTHORIZED);
    }
    session = row;
    if (cacheable) ctx.sessions.set(hash, row, epoch);
  }
  const now = ctx.now();
  if (session.access_expires_at <= now) throw new AppError(ErrorCode.SESSION_EXPIRED);
  if (now - session.last_seen_at > TOUCH_EVERY_MS) {
    touchSoon(ctx, session.id, now);
    session.last_seen_at = now; // the cached row too: one touch a minute, not one per request
  }
  return { sessionId: session.id, personId: session.person_id, orgId: session.org_id, role: session.role };
}

/** Re-login on the same device: a refresh token buys a new pair; the old pair stops working. */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<LoginResponse> {
  const hash = hashToken(refreshToken);
  const session = await findSessionByRefreshHash(ctx.db, hash);
  if (!session) {
    await refuseReuse(ctx, hash);
    throw new AppError(ErrorCode.BAD_REFRESH_TOKEN);
  }
  if (session.revoked_at !== null) {
    throw new AppError(
      session.revoked_reason === 'replaced' ? ErrorCode.LOGGED_IN_ELSEWHERE : ErrorCode.BAD_REFRESH_TOKEN,
    );
  }
  const now = ctx.now();
  if (session.refresh_expires_at <= now) throw new AppError(ErrorCode.SESSION_EXPIRED);
  const person = await findPersonById(ctx.db, session.person_id);
  if (!person) throw new AppError(ErrorCode.BAD_REFRESH_TOKEN);
  // disabled by a manager (perhaps while this device was logging in): no new tokens
  if (person.disabled_at !== null) throw new AppError(ErrorCode.FORBIDDEN, accountDisabled(person.role));
  if (person.org_disabled_at !== null)
    throw new AppError(ErrorCode.FORBIDDEN, '所在单位已停用，请联系单位的培训管理员');
  const accessToken = randomToken();
  const nextRefresh = randomToken();
  // the old token is remembered with the rotation, or neither happens (reuse stays detectable)
  const rotated = await ctx.db.transaction().execute(async (trx) => {
    const done = await rotateSessionTokens(trx, session.id, hash, {
      access_token_hash: hashToken(accessToken),
      refresh_token_hash: hashToken(nextRefresh),
      access_expires_at: now + ctx.config.accessTokenSeconds * 1000,
      refresh_expires_at: now + ctx.config.refreshTokenSeconds * 1000,
      last_seen_at: now,
    });
    if (done) await rememberRotatedToken(trx, session.id, hash, now);
    return done;
  });
  if (!rotated) throw new AppError(ErrorCode.BAD_REFRESH_TOKEN);
  await publishChanged(ctx, [session.id]);
  return toLoginResponse(ctx, person, accessToken, nextRefresh);
}

/** Two tabs renewing at once send the same token within this; a copy comes later. */
const REUSE_GRACE_MS = 30_000;

/**
 * A refresh token already rotated (at any rotation of its session), presented again after the
 * grace: someone holds a copy
 * (the owner's client or a thief — one of them renewed with it already). The session ends
 * for both: every token it rotated into stops working on every node.
 */
async function refuseReuse(ctx: AppContext, hash: string): Promise<void> {
  const session = await findRotatedToken(ctx.db, hash);
  if (!session || session.revoked_at !== null) return;
  const now = ctx.now();
  if (now - Number(session.rotated_at) <= REUSE_GRACE_MS) return;
  if (await revokeSession(ctx.db, session.id, 'refresh-reuse', now)) {
    ctx.log.warn({ session: session.id }, 'a rotated refresh token was used again: the session is revoked');
    await publishRevoked(ctx, [session.id], 'logout');
  }
}

export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  if (await revokeSession(ctx.db, sessionId, 'logout', ctx.now())) await publishRevoked(ctx, [sessionId], 'logout');
}

/** How long a revocation waits for every node to forget the session before answering anyway. */
const FORGET_WAIT_MS = 1_000;

/**
 * Publishes an event that makes every node forget sessions, and waits until each node listening
 * on the bus has said so (or FORGET_WAIT_MS): so the token fails everywhere from the next
 * request on, not when a loaded node gets round to reading the bus.
 */
async function publishForgetting(
  ctx: AppContext,
  event: Extract<BusEvent, { type: 'session.revoked' | 'session.changed' }>,
): Promise<void> {
  ctx.sessions.forget(event.sessionIds); // this node at once, whatever the bus does
  const ack = crypto.randomUUID();
  const nodes = await ctx.bus.listeners();
  const acked = ctx.sessions.acked(ack, nodes, FORGET_WAIT_MS);
  await ctx.bus.publish({ ...event, ack });
  if (!(await acked)) ctx.log.warn({ nodes }, 'not every node said it forgot a revoked session in time');
}

/** Every node's session cache forgets these sessions (their tokens changed). */
async function publishChanged(ctx: AppContext, sessionIds: string[]): Promise<void> {
  try {
    await publishForgetting(ctx, { type: 'session.changed', sessionIds });
  } catch (err) {
    ctx.log.warn({ err }, 'session change not published; other nodes forget it within their cache time');
  }
}

export async function publishRevoked(
  ctx: AppContext,
  sessionIds: string[],
  reason: 'replaced' | 'logout',
): Promise<void> {
  if (sessionIds.length === 0) return;
  try {
    await publishForgetting(ctx, { type: 'session.revoked', sessionIds, reason });
  } catch (err) {
    ctx.log.warn({ err, sessions: sessionIds.length }, 'revocation not published; the socket re-check will close them');
  }
}

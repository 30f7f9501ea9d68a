import type { LoginRoles } from '@anxun/shared/schemas/auth';
import type { AppContext } from '../app-context.js';
import { ErrorCode } from '@anxun/shared/errors';
import { AppError } from '../http/app-error.js';
import type { BusEvent } from '../infra/realtime-bus.js';
import { EpochCache } from './epoch-cache.js';
import { findPersonById } from './person.repository.js';
import { avatarUrl, toRoles } from './session.service.js';

/** What `/api/user/info` answers of a person, but the avatar's link (signed per answer: links expire). */
interface CachedRoles {
  roles: Omit<LoginRoles, 'avatar'>;
  avatarFileId: string | null;
}

/** How long a node answers who a person is without reading them again, at most. */
export const PERSON_CACHE_MS = 30_000;
const MAX_ENTRIES = 20_000;
/** A change of more people than this (an import) empties every node's cache rather than list them. */
const MAX_LISTED = 500;

/**
 * Who a signed-in person is (name, organisation, masked ID number, role, avatar), per node,
 * so the app's "who am I" on every page load costs neither a database read nor opening the
 * sealed ID number. Whatever changes those publishes `person.changed` once committed
 * (`publishPersonsChanged`) and every node forgets; entries also expire after
 * PERSON_CACHE_MS, the cache is emptied when the bus comes back after an outage and not used
 * while it is away.
 */
export class PersonCache extends EpochCache<string, CachedRoles> {
  constructor(now: () => number) {
    super(now, PERSON_CACHE_MS, MAX_ENTRIES);
  }

  /** Bus handler. */
  handle(event: BusEvent): void {
    if (event.type !== 'person.changed') return;
    if (event.personIds) this.forget(event.personIds);
    else this.clear();
  }
}

/** The signed-in person as the client may see them (the ID number masked). */
export async function personRoles(ctx: AppContext, personId: string): Promise<LoginRoles> {
  const cacheable = ctx.bus.connected;
  let cached = cacheable ? ctx.people.get(personId) : undefined;
  if (!cached) {
    const epoch = ctx.people.epoch();
    const person = await findPersonById(ctx.db, personId);
    if (!person) throw new AppError(ErrorCode.UNAUTHORIZED);
    const { avatar: _avatar, ...roles } = toRoles(ctx, person);
    cached = { roles, avatarFileId: person.avatar_file_id };
    if (cacheable) ctx.people.set(personId, cached, epoch);
  }
  return {
    ...cached.roles,
    avatar: avatarUrl(ctx, { avatar_file_id: cached.avatarFileId }),
  };
}

/**
 * After a committed change to who people are (name, avatar, ID number, role, organisation):
 * this node forgets them at once, every other node when the bus brings the event.
 */
export async function publishPersonsChanged(ctx: AppContext, personIds: string[]): Promise<void> {
  if (personIds.length === 0) return;
  const listed = personIds.length <= MAX_LISTED;
  const event: BusEvent = { type: 'person.changed', ...(listed ? { personIds } : {}) };
  ctx.people.handle(event);
  try {
    await ctx.bus.publish(event);
  } catch (err) {
    ctx.log.warn(
      { err, people: personIds.length },
      'person change not published; other nodes forget it within their cache time',
    );
  }
}

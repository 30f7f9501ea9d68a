import { DEFAULT_ORG_CODE, Role } from '@anxun/shared/constants';
import type { SearchSuggestion } from '@anxun/shared/schemas/shell';
import type { AppContext } from '../../app-context.js';
import type { AuthUser } from '../../core/session.service.js';
import { searchMenu } from './menu.js';
import { searchCourseNames } from './search.repository.js';

/** The header's search: menu pages the viewer may open, then course books of his organisation. */
export async function searchSuggestions(
  ctx: AppContext,
  viewer: AuthUser | undefined,
  searchWord: string | undefined,
): Promise<{ list: SearchSuggestion[] }> {
  const word = (searchWord ?? '').trim();
  const courses = word ? await searchCourseNames(ctx.db, DEFAULT_ORG_CODE, viewer?.orgId, word) : [];
  return {
    list: [
      ...searchMenu(word, viewer?.role ?? Role.LEARNER),
      ...courses.map((c) => ({ value: c.name, url: `/#/course?id=${c.id}` })),
    ],
  };
}

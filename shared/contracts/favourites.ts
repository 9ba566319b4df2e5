import { z } from 'zod';
import { MAX_PAGE_SIZE, NAME_MAX, PAGE_SIZE } from '../constants.js';
import { optionalText, requiredString, safeString, uuid } from './common.js';
import { defineRoute, listResultOf, noData } from './route.js';

/**
 * A student's favourite songs (issue 13; docs/domains/learning.md "Screens and routes", "Limits": /favourite, 20 a page). Calls
 * under /api/favourite: getFavouriteSongs, addFavouriteSong, removeFavouriteSong.
 */
export const LINK_MAX = 500;

export const FAVOURITE_MESSAGES = {
  titleRequired: 'Song Title is Required',
  titleMax: `Song Title should allow only ${NAME_MAX} characters.`,
  artistMax: `Artist should allow only ${NAME_MAX} characters.`,
  linkInvalid: 'Please enter a link starting with http:// or https://',
  linkMax: `Link should allow only ${LINK_MAX} characters.`,
  added: 'Song added to your favourites',
  removed: 'Song removed from your favourites',
  notFound: 'Song not found',
} as const;

/** A web address a browser opens safely: http or https with a host, nothing else (no javascript:, no data:). */
export function isWebLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const favouriteSongForm = z.object({
  title: requiredString(FAVOURITE_MESSAGES.titleRequired).max(NAME_MAX, FAVOURITE_MESSAGES.titleMax),
  artist: optionalText(NAME_MAX, FAVOURITE_MESSAGES.artistMax).default(''),
  link: safeString().trim().max(LINK_MAX, FAVOURITE_MESSAGES.linkMax).refine((v) => v === '' || isWebLink(v), FAVOURITE_MESSAGES.linkInvalid).default(''),
});
export type FavouriteSongInput = z.input<typeof favouriteSongForm>;

export const favouriteListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE.songs),
});

export const favouriteIdBody = z.object({ songId: uuid });

export const favouriteSong = z.object({ _id: z.string(), title: z.string(), artist: z.string(), link: z.string(), createdAt: z.string() });
export type FavouriteSong = z.infer<typeof favouriteSong>;
export const favouriteListAnswer = listResultOf(favouriteSong);
export type FavouriteListAnswer = z.infer<typeof favouriteListAnswer>;

/** Any signed-in person calls them; the student alone keeps songs (policies/practice.ts). */
const meta = { roles: 'signedIn', tags: ['favourites'] } as const;

export const FAVOURITE_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/favourite/getFavouriteSongs', body: favouriteListBody, response: favouriteListAnswer, meta: { ...meta, lapsedSchool: 'open' } }),
  add: defineRoute({ method: 'POST', path: '/favourite/addFavouriteSong', body: favouriteSongForm, response: favouriteSong, meta }),
  remove: defineRoute({ method: 'DELETE', path: '/favourite/removeFavouriteSong', body: favouriteIdBody, response: noData, meta }),
};

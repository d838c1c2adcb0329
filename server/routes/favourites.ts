/** The member's favourites (/article/favorPage) and likes (/like/getPage) of movies and posts. */
import { savedPageSchema } from '../../contract/calls/member.ts';
import { API } from '../../contract/calls/paths.ts';
import { savedPage } from '../db/saved-items.ts';
import { defineCall, type Call } from '../protocol/define-call.ts';

export const favouriteCalls: readonly Call[] = [
  defineCall({
    path: API.favourites,
    schema: savedPageSchema,
    auth: 'user',
    handler: ({ db, payload, user }) => savedPage(db, 'favourites', user.id, payload.type, payload),
  }),
  defineCall({
    path: API.likes,
    schema: savedPageSchema,
    auth: 'user',
    handler: ({ db, payload, user }) => savedPage(db, 'likes', user.id, payload.type, payload),
  }),
];

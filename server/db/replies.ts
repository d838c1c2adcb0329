/**
 * Replies of a post, oldest first. A reply's floor is its position in that order (1 = the first
 * reply), which the stable order (created_at, id) and the page offset give without a window scan.
 */
import type { Page, Reply } from '../../contract/calls/content.ts';
import type { Queryable } from './db.ts';
import { fetchPage, Filter, type PageRequest } from './paging.ts';
import { AUTHOR_COLUMNS, authorOf, type AuthorColumns } from './public-users.ts';

interface ReplyRow extends AuthorColumns {
  id: number;
  body: string;
  likes: number;
  createdAt: Date;
}

export const pageReplies = (q: Queryable, postId: number, request: PageRequest): Promise<Page<Reply>> =>
  fetchPage(
    q,
    {
      table: 'replies r',
      filter: new Filter().add("r.target_type = 'post' AND r.target_id = $?", postId),
      columns: `r.id, r.body, r.likes, r.created_at AS "createdAt", ${AUTHOR_COLUMNS}`,
      joins: 'LEFT JOIN users u ON u.id = r.author_id',
      orderBy: 'r.floor',
    },
    request,
    (row: ReplyRow, position): Reply => ({
      id: row.id,
      floor: position + 1,
      author: authorOf(row),
      body: row.body,
      likes: row.likes,
      createdAt: row.createdAt.getTime(),
      images: [],
      quote: null,
      mentions: [],
      rating: null,
      byPostAuthor: false,
      liked: false,
      mine: false,
      deleted: false,
      hidden: false,
    }),
  );

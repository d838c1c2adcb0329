/**
 * The call map shared by server and client (docs/api.md): every path with its payload and answer
 * types, merged from each domain's module. The server routes and the client calls are typed by it.
 */
import type { AccountCalls } from './account.ts';
import type { CommunityCalls } from './community.ts';
import type { ContentCalls } from './content.ts';
import type { DownloadCalls } from './downloads.ts';
import type { MemberCalls } from './member.ts';
import type { PublishCalls } from './publish.ts';
import type { SearchCalls } from './search.ts';
import type { WatchHistoryCalls } from './watch-history.ts';

/** Every call: each domain's calls merged. */
export interface Calls
  extends
    AccountCalls,
    CommunityCalls,
    ContentCalls,
    DownloadCalls,
    MemberCalls,
    PublishCalls,
    SearchCalls,
    WatchHistoryCalls {}

export type CallPath = keyof Calls;
export type PayloadOf<P extends CallPath> = Calls[P]['payload'];
export type DataOf<P extends CallPath> = Calls[P]['data'];

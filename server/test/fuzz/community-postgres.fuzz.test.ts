/**
 * The community calls (replies and comments, danmaku, notices, push, reports, @mention suggestions)
 * fuzzed on PostgreSQL too, like every call on PGlite (calls-*.fuzz.test.ts): their transactions,
 * locks and idempotency keys behave differently on a real server with concurrent connections.
 */
import { describe } from 'vitest';
import { API } from '../../../contract/calls/paths.ts';
import { describeCallFuzz } from './call-fuzz.ts';

const COMMUNITY = /^\/(reply|danmaku|notice|push|report)\//;

// Runs where a PostgreSQL server is given (CI sets DATABASE_URL); PGlite alone is fuzzed elsewhere.
describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  describeCallFuzz(0, 1, { kind: 'postgres', only: (path) => COMMUNITY.test(path) || path === API.userSuggest });
});

/**
 * The answers of a first screen's first public reads, put in the HTML by the server
 * (server/first-screen.ts) and taken by the API client (first-answer.ts): a JSON data block
 * `<script type="application/json" id="first-answer">[{"key": …, "body": …}, …]</script>` where
 * `key` is the client's cache key of a call (ResponseCache.keyOf: path and payload) and `body` the
 * encrypted envelope exactly as POST /api<path> answers it.
 */
export const FIRST_ANSWER_ID = 'first-answer';

export interface FirstAnswer {
  key: string;
  body: string;
}

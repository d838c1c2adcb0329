/**
 * The lines under a table: loading, nothing found, and the server's message (role=alert). The
 * caller says when each shows, as its list's own state decides it.
 */
import { adminMessages } from '../admin-messages.ts';

export function TableStatus({
  loading,
  empty,
  error,
  emptyText,
  loadingText = adminMessages.loading,
}: {
  loading: boolean;
  empty: boolean;
  error: string | null;
  emptyText: string;
  loadingText?: string;
}) {
  return (
    <>
      {loading && <p className="table__status">{loadingText}</p>}
      {empty && <p className="table__status">{emptyText}</p>}
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** Searching a term from a chip, a hot word or a suggestion: recorded in the history, then opened. */
import { useLocation } from 'wouter';
import { paths } from '../../lib/route-paths.ts';
import { addSearchTerm } from '../../stores/user.ts';

export function useSearchTerm(): (term: string) => void {
  const [, navigate] = useLocation();
  return (term) => {
    const trimmed = term.trim();
    if (!trimmed) return;
    addSearchTerm(trimmed);
    navigate(paths.search(trimmed));
  };
}

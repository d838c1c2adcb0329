/**
 * 导出 CSV of everything a list's filters match: read newest first in the largest pages the call
 * allows, up to `max` rows (it says when it stopped there), saved as `fileName` in the table's words
 * (csv.ts). `status` is what to show beside the button while it reads and once it is done.
 */
import { useState } from 'react';
import { adminMessages } from '../admin-messages.ts';
import { saveFile, toCsv } from './csv.ts';
import { messageOf } from './use-load.ts';
import type { Page } from './use-paged-list.ts';

const text = adminMessages.csv;

export interface CsvExport<T> {
  /** One page after `cursor` (null: the first), of the largest size. */
  fetchPage: (cursor: string | null) => Promise<Page<T>>;
  max: number;
  header: readonly string[];
  row: (item: T) => ReadonlyArray<string | number>;
  fileName: string;
}

/** Every item the pages hold, up to `max`; `capped` when more were left. */
export async function fetchAll<T>(
  fetchPage: CsvExport<T>['fetchPage'],
  max: number,
  progress: (rows: number) => void,
): Promise<{ items: T[]; capped: boolean }> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await fetchPage(cursor);
    items.push(...page.list);
    cursor = page.nextCursor;
    progress(items.length);
  } while (cursor !== null && items.length < max);
  return { items: items.slice(0, max), capped: cursor !== null || items.length > max };
}

export function useCsvExport(): {
  exporting: boolean;
  status: string | null;
  run: <T>(job: CsvExport<T>) => Promise<void>;
} {
  const [exporting, setExporting] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  async function run<T>(job: CsvExport<T>) {
    setExporting(true);
    setStatus(text.exporting(0));
    try {
      const { items, capped } = await fetchAll(job.fetchPage, job.max, (rows) => setStatus(text.exporting(rows)));
      saveFile(job.fileName, toCsv(job.header, items.map(job.row)));
      setStatus(text.exported(items.length, capped));
    } catch (failure) {
      setStatus(messageOf(failure));
    } finally {
      setExporting(false);
    }
  }
  return { exporting, status, run };
}

import { useState } from 'react';
import { StorageKey, readText, writeText } from './storage.ts';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function parsePageSize(text: string | null): number {
  const size = Number(text);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** The table page size, shared by every list and kept under `page-size`. */
export function usePageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(() => parsePageSize(readText(StorageKey.pageSize)));
  return [
    size,
    (next: number) => {
      const valid = parsePageSize(String(next));
      writeText(StorageKey.pageSize, String(valid));
      setSize(valid);
    },
  ];
}

import { useState } from 'react';
import { StorageKey, readJson, readText, writeJson, writeText } from '../../lib/storage.ts';
import { readColumnChoice, type ColumnChoice } from './channel-columns.ts';

/** Sort by id instead of priority, kept locally under `id-sort`. */
export function useIdSort(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readText(StorageKey.idSort) === 'true');
  return [
    on,
    (next) => {
      writeText(StorageKey.idSort, String(next));
      setOn(next);
    },
  ];
}

/** The columns shown, kept locally under `channel-columns`. */
export function useColumnChoice(): [ColumnChoice, (choice: ColumnChoice) => void] {
  const [choice, setChoice] = useState(() => readColumnChoice(readJson(StorageKey.channelColumns)));
  return [
    choice,
    (next) => {
      writeJson(StorageKey.channelColumns, next);
      setChoice(next);
    },
  ];
}

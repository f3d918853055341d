import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh directory for one gateway's settlement journal (SETTLEMENT_JOURNAL_DIR). */
export const newJournalDir = (): string => mkdtempSync(join(tmpdir(), 'relaygate-journal-'));

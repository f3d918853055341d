import type { SectionSpec } from '../sections/section-spec.ts';
import {
  collectChanges,
  type FieldProblem,
  type FormValues,
  type OptionChange,
  type OptionMap,
} from './option-fields.ts';

export type SavePlan =
  | { kind: 'problems'; problems: { key: string; problem: FieldProblem }[] }
  | { kind: 'blocked'; message: string }
  | { kind: 'nothing' }
  | { kind: 'send'; changes: OptionChange[] };

/** What pressing a card's Save does: refuse (bad values or a missing prerequisite), nothing, or send. */
export function planSave(section: SectionSpec, options: OptionMap, values: FormValues): SavePlan {
  const { changes, problems } = collectChanges(section.fields, options, values);
  if (problems.length > 0) return { kind: 'problems', problems };
  if (changes.length === 0) return { kind: 'nothing' };
  const requires = section.requires;
  if (requires && (options[requires.key] ?? '').trim() === '')
    return { kind: 'blocked', message: requires.message };
  return { kind: 'send', changes };
}

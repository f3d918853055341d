import type { FormRule } from 'antd';

/** A rule object (not a function of the form), so it can also be returned from one. */
type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

/** A form rule that accepts the value when `valid` says so and otherwise shows `message`. */
export const checkRule = (valid: (value: unknown) => boolean, message: string): RuleObject => ({
  validator: (_rule, value: unknown) =>
    valid(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

import type { BatchError } from '../model/ratio-batch.ts';
import type { RatioError, RatioField } from '../model/ratio-rows.ts';

/** The i18n key (under `setting.ratio.`) of each editor error and column. */
export const RATIO_ERROR_KEY: Record<RatioError | BatchError, string> = {
  notNumber: 'ratio.notNumber',
  nameRequired: 'ratio.nameRequired',
  nameExists: 'ratio.nameExists',
  selectFirst: 'ratio.selectFirst',
  needFill: 'ratio.needFill',
  needBoth: 'ratio.needBoth',
};

export const RATIO_FIELD_LABEL: Record<RatioField, string> = {
  price: 'ratio.price',
  ratio: 'ratio.ratio',
  completionRatio: 'ratio.completionRatio',
  cacheRatio: 'ratio.cacheRatio',
};

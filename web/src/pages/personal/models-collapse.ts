/** How many model tags the account card shows before collapsing the rest (spec §2.5). */
export const MODELS_SHOWN_COLLAPSED = 10;

export interface ModelTags {
  visible: string[];
  /** How many are hidden while collapsed (0 when expanded or when there are few). */
  hidden: number;
  /** Whether the expand/collapse toggle is worth showing. */
  collapsible: boolean;
}

/** The models to draw: all of them when expanded or when there are at most `limit`, else the first `limit`. */
export function collapseModels(
  models: readonly string[],
  expanded: boolean,
  limit = MODELS_SHOWN_COLLAPSED,
): ModelTags {
  const collapsible = models.length > limit;
  if (!collapsible || expanded) return { visible: [...models], hidden: 0, collapsible };
  return { visible: models.slice(0, limit), hidden: models.length - limit, collapsible };
}

/**
 * The kinds of NHTSA defect investigation, named by the first two letters of the action number (PE24013): from a
 * defect petition or an audit query to an engineering analysis. None of them is a recall: a recall it leads to is
 * its own campaign (FLAT_INV's CAMPNO).
 */
export const ACTION_TYPES = {
  PE: "preliminary evaluation",
  EA: "engineering analysis",
  RQ: "recall query",
  DP: "defect petition",
  AQ: "audit query",
  IR: "information request",
} as const;

export type ActionType = keyof typeof ACTION_TYPES;
export const ACTION_TYPE_CODES = Object.keys(ACTION_TYPES) as [ActionType, ...ActionType[]];

/** The type an action number names, or null for a prefix NHTSA's layout does not list. */
export function actionType(actionNumber: string): ActionType | null {
  const code = actionNumber.slice(0, 2);
  return code in ACTION_TYPES ? (code as ActionType) : null;
}

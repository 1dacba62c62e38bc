import { CHANGE_RULE_MESSAGES, ChangeRulesInput } from '../../contract/changeRules';
import { setChangeRules } from '../../privacy/changeRules';
import { defineRoute } from '../../platform/wiring/route';

/** What the church lets its members change (admins). */
export const handler = defineRoute('setChangeRules', { body: ChangeRulesInput }, async ({ principal, body }) => ({
  success: true,
  message: CHANGE_RULE_MESSAGES.saved,
  rules: await setChangeRules(principal, body),
}));

import { BookSettingsInput } from '../../contract/book';
import { saveBookSettings } from '../../book/bookSettings';
import { defineRoute } from '../../platform/wiring/route';

/** Saves the church's book setting (admins): the paper and photos every book is made with unless its start chooses. */
export const handler = defineRoute('setBookSettings', { body: BookSettingsInput }, async ({ principal, body }) =>
  saveBookSettings(principal, body),
);

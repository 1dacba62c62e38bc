import { readBook } from '../../book/directoryBook';
import { defineRoute } from '../../platform/wiring/route';

/** The church's current (or last) printed book: its progress, or its download once made (admins). */
export const handler = defineRoute('getDirectoryBook', {}, async ({ principal }) => readBook(principal.orgId));

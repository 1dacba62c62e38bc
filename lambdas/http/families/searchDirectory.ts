import { SearchDirectoryQuery } from '../../contract/directory';
import { searchDirectory } from '../../directory/search';
import { defineRoute } from '../../platform/wiring/route';

/** Families whose visible surname, first names, e-mail, phones or city begin with the words typed. */
export const handler = defineRoute(
  'searchDirectory',
  { query: SearchDirectoryQuery, church: true },
  async ({ principal, query }) => searchDirectory(principal, query.q),
);

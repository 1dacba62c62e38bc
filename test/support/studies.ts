/** A Bible study the matrix and the hostile cases start from: shared with the whole church, one session with a reference. */
export const studyBody = {
  title: 'Matrix study',
  description: null,
  sharing: 'church',
  groupIds: [],
  sessions: [{ title: 'One', date: null, items: [{ kind: 'scripture', reference: 'Ps 23' }] }],
};

/** The directory's page addresses, with ids encoded. */
export const familyPath = (familyId: string) => `/families/${encodeURIComponent(familyId)}`;
export const familyEditPath = (familyId: string) => `/families/edit/${encodeURIComponent(familyId)}`;
export const memberEditPath = (memberId: string) => `/members/edit/${encodeURIComponent(memberId)}`;
export const familyPrivacyPath = (familyId: string) => `/families/${encodeURIComponent(familyId)}/privacy`;
export const groupPath = (groupId: string) => `/groups/${encodeURIComponent(groupId)}`;
/** A record's history (administrators): a family with its members, a group with its roles. */
export const historyPath = (kind: 'family' | 'group' | 'account', id: string) =>
  `/admin/history?subject=${kind}:${encodeURIComponent(id)}`;
/** The Bible studies (the menu's Bible Studies, at /documents), one study, its editor, and a new one. */
export const STUDIES_PATH = '/documents';
export const NEW_STUDY_PATH = '/documents/new';
export const studyPath = (studyId: string) => `/documents/${encodeURIComponent(studyId)}`;
export const studyEditPath = (studyId: string) => `${studyPath(studyId)}/edit`;

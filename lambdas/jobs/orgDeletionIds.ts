/** One deletion job per organisation: a second run resumes the first (its record and counts). */
export const deletionJobId = (orgId: string) => `delete-${orgId}`;

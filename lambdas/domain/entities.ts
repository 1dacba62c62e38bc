/** What the table holds, as the domain sees it (keys and item types stay in repos/). */
export interface Organization {
  orgId: string;
  orgName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  contactName: string;
  contactEmail: string;
  createdAt: string;
  /** End of the free trial (SPEC: one year). */
  expiresAt: string;
  familyCount: number;
  memberCount: number;
  groupCount: number;
}

export interface UserRecord {
  userId: string;
  orgId: string;
  email: string;
  admin: boolean;
  memberId: string | null;
  familyId: string | null;
  createdAt: string;
  platform: string | null;
  mobileAppLinked: boolean;
}

/** One year of free trial from registration (SPEC.md section 1). */
export function trialEnd(createdAt: Date): string {
  const end = new Date(createdAt);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end.toISOString();
}

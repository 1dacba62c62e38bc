/**
 * The last step of an opened account, once its address is proven (finishSignUp): it registers the
 * church or joins the member it was opened for. The browser that opened it says which church link
 * was used; a browser that knows nothing (the code read on a phone, another computer) leaves it
 * to what the server kept when the account was opened.
 */
import type { Principal } from '../core/principal';
import { purposeOf } from './accounts';
import { joinChurch } from './joinChurch';
import { registerChurch } from './registration';

export const JOINED = 'Welcome! Your account is linked to your family.';
export const registered = (orgName: string) => `Organization "${orgName}" registered.`;

export async function finishOpenedAccount(
  principal: Principal,
  linkOrgId: string | null,
): Promise<{ orgId: string; message: string; registered: boolean }> {
  const purpose = linkOrgId === null ? await purposeOf(principal) : null;
  if (purpose?.kind === 'register') {
    const org = await registerChurch(principal, purpose.churchInfo);
    return { orgId: org.orgId, message: registered(org.orgName), registered: true };
  }
  const { orgId } = await joinChurch(principal, linkOrgId ?? purpose?.orgId ?? null);
  return { orgId, message: JOINED, registered: false };
}

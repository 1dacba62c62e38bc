/**
 * "Add to contacts": a member as a vCard 4.0 (RFC 6350), written by ical.js (loaded only when
 * asked for), with exactly what this viewer is shown: the views come from the server through the
 * visibility rule, so a detail hidden from the viewer is not in them and not in the card. The
 * family's address and home phone go in when the viewer sees them. A phone is kept as written
 * (a text value), since people type theirs in many shapes.
 */
import type { FamilyView, MemberView } from '@contract/api';
import { startDownload } from './download';

type FamilyPart = Pick<FamilyView, 'street' | 'city' | 'state' | 'zipcode' | 'phone'>;

export async function memberCard(member: MemberView, family: FamilyPart): Promise<string> {
  const { default: ICAL } = await import('ical.js');
  const card = new ICAL.Component('vcard');
  const add = (name: string, value: string | string[], params: Record<string, string> = {}, text = false) => {
    const property = new ICAL.Property(name);
    if (text) property.resetType('text');
    for (const [key, param] of Object.entries(params)) property.setParameter(key, param);
    property.setValue(value as never);
    card.addProperty(property);
  };
  add('version', '4.0');
  add('fn', `${member.name} ${member.surname}`);
  add('n', [member.surname, member.name, '', '', '']);
  if (member.cellphone) add('tel', member.cellphone, { type: 'cell' }, true);
  if (family.phone) add('tel', family.phone, { type: 'home' }, true);
  if (member.email) add('email', member.email);
  // A birthday without its year, as the directory keeps it (MM/DD).
  if (member.birthday) add('bday', `--${member.birthday.replace('/', '')}`);
  if (family.street || family.city || family.state || family.zipcode)
    add('adr', ['', '', family.street ?? '', family.city ?? '', family.state ?? '', family.zipcode ?? '', ''], {
      type: 'home',
    });
  return card.toString();
}

/** Saves the member's card as "<name> <surname>.vcf": a phone offers to add it to its contacts. */
export async function saveMemberCard(member: MemberView, family: FamilyPart): Promise<void> {
  const blob = new Blob([await memberCard(member, family)], { type: 'text/vcard' });
  const url = URL.createObjectURL(blob);
  startDownload(url, `${member.name} ${member.surname}.vcf`);
  // The click has read the blob; a moment later the page lets it go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Add to contacts" (web/src/lib/vcard.ts): a member's card holds what the viewer is shown and
 * nothing else (a detail the server hid is absent from the view, so from the card), written as
 * vCard 4.0 with its text escaped; the member table saves it as a file.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberView } from '../../lambdas/contract/api';
import { memberCard } from '../../web/src/lib/vcard';
import { MemberTable } from '../../web/src/features/families/familyParts';

const member = (over: Partial<MemberView> = {}): MemberView => ({
  memberId: 'm1',
  familyId: 'f1',
  surname: 'Okafor',
  version: 1,
  privacy: null,
  name: 'Ada',
  birthday: '04/05',
  cellphone: '(919) 555-0100',
  email: 'ada@example.org',
  ...over,
});

const family = { street: '1 Main St, Apt 2', city: 'Raleigh', state: 'NC', zipcode: '27601', phone: '919-555-0199' };
const nothing = { street: null, city: null, state: null, zipcode: null, phone: null };

afterEach(() => vi.restoreAllMocks());

describe('a member’s contact card', () => {
  it('holds the member’s and the family’s details as shown', async () => {
    const lines = (await memberCard(member(), family)).split('\r\n');
    expect(lines).toEqual([
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Ada Okafor',
      'N:Okafor;Ada;;;',
      'TEL;TYPE=cell;VALUE=TEXT:(919) 555-0100',
      'TEL;TYPE=home;VALUE=TEXT:919-555-0199',
      'EMAIL:ada@example.org',
      'BDAY:--0405',
      'ADR;TYPE=home:;;1 Main St\\, Apt 2;Raleigh;NC;27601;',
      'END:VCARD',
    ]);
  });

  it('leaves out what the viewer is not shown', async () => {
    const card = await memberCard(member({ email: null, cellphone: null, birthday: null }), nothing);
    expect(card).not.toMatch(/EMAIL|TEL|BDAY|ADR/);
    expect(card).toContain('FN:Ada Okafor');
  });

  it('is saved from the member table as “<name> <surname>.vcf”', async () => {
    const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:card');
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('Ada Okafor.vcf');
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MemberTable
            members={[member()]}
            family={family}
            canEdit={false}
            formatDate={(v) => v ?? ''}
            onDelete={() => undefined}
            busyId={null}
            caption="Members"
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Ada Okafor to contacts' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce());
    const blob = made.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('text/vcard');
    expect(await blob.text()).toContain('FN:Ada Okafor');
  });
});

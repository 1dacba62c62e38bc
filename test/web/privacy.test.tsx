import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FamilyView } from '../../lambdas/contract/api';
import { MAP_MESSAGES } from '../../lambdas/contract/map';
import { OPEN_LEVELS, PRIVACY_MESSAGES } from '../../lambdas/contract/privacy';
import { CHANGE_RULE_MESSAGES, OPEN_RULES } from '../../lambdas/contract/changeRules';
import { currentPath, jsonResponse, renderApp, signedInAs, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const family: FamilyView = {
  familyId: 'f-okafor',
  surname: 'Okafor',
  street: '537 Church Road',
  city: 'Raleigh',
  state: 'NC',
  zipcode: '27607',
  phone: '919-555-1037',
  anniversary: '11/19',
  photoUrl: null,
  photoSrcset: null,
  photoSize: null,
  version: 4,
  canEdit: true,
  privacy: {
    unlisted: false,
    approximateLocation: false,
    choices: { phone: 'groups' },
    levels: { ...OPEN_LEVELS, phone: 'groups' },
    defaults: OPEN_LEVELS,
  },
  members: [
    {
      memberId: 'm-daniel',
      familyId: 'f-okafor',
      name: 'Daniel',
      surname: 'Okafor',
      birthday: '04/16',
      cellphone: '919-555-2041',
      email: 'daniel@example.org',
      version: 2,
      privacy: { choices: {}, levels: { cellphone: 'everyone', email: 'everyone', birthday: 'everyone' } },
    },
  ],
};

let sent: { url: string; method: string; body: unknown }[];
beforeEach(() => {
  vi.clearAllMocks();
  sent = [];
});

function api(answers: Record<string, () => Response>) {
  stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') sent.push({ url, method, body: JSON.parse(String(init.body)) });
    const answer = answers[`${method} ${url}`];
    return answer ? answer() : jsonResponse(404, { error: { code: 'not-found', message: 'Family not found.' } });
  });
}

describe("the family's privacy page", () => {
  it('shows the choices and what others see, which follows a change before saving; saves and returns to the family', async () => {
    signedInAs({ familyId: 'f-okafor', memberId: 'm-daniel' });
    api({
      'GET /api/families/f-okafor': () => jsonResponse(200, { family }),
      'PUT /api/families/f-okafor/privacy': () => jsonResponse(200, { success: true, message: PRIVACY_MESSAGES.saved }),
    });
    renderApp('/families/f-okafor/privacy');
    const preview = await screen.findByRole('table', { name: 'What others see of the Okafor family' });
    const row = (label: string) => within(preview).getByRole('row', { name: new RegExp(label) });
    // Home phone for their groups: hidden from the whole church, shown to the groups.
    expect(
      within(row('Home Phone'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Hidden', '919-555-1037']);
    // The street for the groups only: the church still sees the city and state, never the street or zip.
    fireEvent.change(screen.getByLabelText('Street Address'), { target: { value: 'groups' } });
    expect(
      within(row('Street Address'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Raleigh, NC (street and zip hidden)', '537 Church Road, Raleigh, NC 27607']);
    fireEvent.change(screen.getByLabelText('Cellphone'), { target: { value: 'admins' } });
    expect(
      within(row('Daniel: Cellphone'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Hidden', 'Hidden']);
    fireEvent.click(screen.getByRole('button', { name: 'Save Privacy Choices' }));
    await waitFor(() => expect(currentPath()).toBe('/families/f-okafor'));
    expect(sent).toEqual([
      {
        url: '/api/families/f-okafor/privacy',
        method: 'PUT',
        body: {
          unlisted: false,
          approximateLocation: false,
          family: { phone: 'groups', street: 'groups' },
          members: { 'm-daniel': { cellphone: 'admins' } },
        },
      },
    ]);
  });

  it('shows the family on the map near its address, not at it, as chosen, and sends the change', async () => {
    signedInAs({ familyId: 'f-okafor', memberId: 'm-daniel' });
    const near = { ...family, privacy: { ...family.privacy!, approximateLocation: true } };
    api({
      'GET /api/families/f-okafor': () => jsonResponse(200, { family: near }),
      'PUT /api/families/f-okafor/privacy': () => jsonResponse(200, { success: true, message: PRIVACY_MESSAGES.saved }),
    });
    renderApp('/families/f-okafor/privacy');
    const choice = await screen.findByRole<HTMLInputElement>('checkbox', { name: MAP_MESSAGES.approximateChoice });
    expect(choice.checked).toBe(true);
    fireEvent.click(choice);
    fireEvent.click(screen.getByRole('button', { name: 'Save Privacy Choices' }));
    await waitFor(() => expect(currentPath()).toBe('/families/f-okafor'));
    expect(sent.map((s) => (s.body as { approximateLocation: boolean }).approximateLocation)).toEqual([false]);
  });

  it("says the server's refusal and stays", async () => {
    signedInAs({ familyId: 'f-okafor', memberId: 'm-daniel' });
    api({
      'GET /api/families/f-okafor': () => jsonResponse(200, { family }),
      'PUT /api/families/f-okafor/privacy': () =>
        jsonResponse(400, { error: { code: 'invalid-argument', message: PRIVACY_MESSAGES.member } }),
    });
    renderApp('/families/f-okafor/privacy');
    fireEvent.click(await screen.findByRole('button', { name: 'Save Privacy Choices' }));
    await screen.findByText(PRIVACY_MESSAGES.member);
    expect(currentPath()).toBe('/families/f-okafor/privacy');
  });
});

describe("the church's privacy defaults", () => {
  it('loads the defaults, saves a change and says so', async () => {
    signedInAs({ admin: true });
    api({
      'GET /api/privacy': () => jsonResponse(200, { levels: OPEN_LEVELS, rules: OPEN_RULES }),
      'PUT /api/privacy': () => jsonResponse(200, { success: true, message: PRIVACY_MESSAGES.defaultsSaved }),
    });
    renderApp('/admin/privacy');
    const defaults = await screen.findByRole('group', { name: 'Who sees each detail' });
    fireEvent.change(within(defaults).getByLabelText('Birthday'), { target: { value: 'groups' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Defaults' }));
    await screen.findByText(PRIVACY_MESSAGES.defaultsSaved);
    expect(sent).toEqual([
      { url: '/api/privacy', method: 'PUT', body: { levels: { ...OPEN_LEVELS, birthday: 'groups' } } },
    ]);
  });

  it('saves what members can change: approval, a detail only administrators change, a level the church fixes', async () => {
    signedInAs({ admin: true });
    api({
      'GET /api/privacy': () => jsonResponse(200, { levels: OPEN_LEVELS, rules: OPEN_RULES }),
      'PUT /api/change-rules': () =>
        jsonResponse(200, { success: true, message: CHANGE_RULE_MESSAGES.saved, rules: OPEN_RULES }),
    });
    renderApp('/admin/privacy');
    fireEvent.click(await screen.findByLabelText('It waits until an administrator approves it'));
    const members = screen.getByRole('group', { name: 'Member details' });
    fireEvent.change(within(members).getByLabelText('Birthday'), { target: { value: 'locked' } });
    const levels = screen.getByRole('group', { name: 'Privacy levels families cannot change' });
    fireEvent.click(within(levels).getByLabelText('Email Address'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Rules' }));
    await screen.findByText(CHANGE_RULE_MESSAGES.saved);
    expect(sent).toEqual([
      {
        url: '/api/change-rules',
        method: 'PUT',
        body: { approval: true, family: {}, member: { birthday: 'locked' }, fixed: ['email'] },
      },
    ]);
  });

  it('is for administrators only', async () => {
    signedInAs({ familyId: 'f-okafor', memberId: 'm-daniel' });
    api({});
    renderApp('/admin/privacy');
    await screen.findByText(/Access Denied/i);
    expect(sent).toEqual([]);
  });
});

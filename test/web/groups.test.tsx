import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  FamilyView,
  GetGroupResult,
  GroupRoleView,
  GroupSummaryView,
  ListGroupsResult,
} from '../../lambdas/contract/api';
import { currentPath, eventually, jsonResponse, renderApp, signedInAs, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const grace = {
  memberId: 'm-grace',
  familyId: 'f-adams',
  memberName: 'Grace Adams',
  label: 'Alto',
  leader: false,
  cDate: '2025-01-01T00:00:00Z',
};
const unknown = {
  memberId: 'm-old',
  familyId: '',
  memberName: 'Unknown Member',
  label: null,
  leader: false,
  cDate: '2025-01-02T00:00:00Z',
};
const choir: GroupSummaryView = { groupId: 'g-choir', groupName: 'Choir', memberCount: 2 };
const ushers: GroupSummaryView = { groupId: 'g-ushers', groupName: 'Ushers', memberCount: 0 };

/** A family as the search answers it, with only what the modal reads. */
const family = (familyId: string, surname: string, people: [memberId: string, name: string][]) =>
  ({ familyId, surname, members: people.map(([memberId, name]) => ({ memberId, familyId, name })) }) as FamilyView;

/** What any search answers here: four people in three families. */
const found = {
  families: [
    family('f-abe', 'Abe', [['m-lydia-abe', 'Lydia']]),
    family('f-adams', 'Adams', [['m-grace', 'Grace']]),
    family('f-kim', 'Kim', [
      ['m-lydia-kim', 'Lydia'],
      ['m-aaron', 'Aaron'],
    ]),
  ],
  more: false,
};

const adminData: ListGroupsResult = { groups: [choir, ushers], canManage: true };
const memberData: ListGroupsResult = { groups: [choir, ushers], canManage: false };
const choirPage = (canManage = true, roles: GroupRoleView[] = [grace, unknown]): GetGroupResult => ({
  group: { ...choir, memberCount: roles.length },
  roles,
  next: null,
  canManage,
});

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/**
 * A fake API: `lists` are the successive answers of GET /api/groups, `choirs` those of the Choir's
 * first page (the last of each repeats).
 */
function api(lists: ListGroupsResult[], overrides: Record<string, Handler> = {}, choirs: GetGroupResult[] = []) {
  let served = 0;
  let choirServed = 0;
  return stubFetch((url, init) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const override = overrides[key];
    if (override) return override(url, init);
    if (key === 'GET /api/groups') return jsonResponse(200, lists[Math.min(served++, lists.length - 1)]);
    if (key === 'GET /api/groups/g-choir' && choirs.length)
      return jsonResponse(200, choirs[Math.min(choirServed++, choirs.length - 1)]);
    if (key.startsWith('GET /api/search?q=')) return jsonResponse(200, found);
    return jsonResponse(404, { error: { code: 'not-found', message: 'Group not found.' } });
  });
}

const calls = (fetchMock: ReturnType<typeof api>, key: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init.method ?? 'GET'} ${url}` === key)
    .map(([, init]) => (init.body ? JSON.parse(String(init.body)) : null));

/** The breadcrumb of a page under Groups: Dashboard, then Groups, as links. */
function expectCrumbsToGroups() {
  const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(
    within(crumbs)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  ).toEqual([
    ['Dashboard', '/dashboard'],
    ['Groups', '/groups'],
  ]);
  return crumbs;
}

const card = (name: string) => screen.getByRole('article', { name });
const members = () => screen.getByRole('region', { name: 'Members of Choir' });

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs({ admin: true });
});

describe('/groups', () => {
  it('lists groups as cards, each its name to its page and its member count, with the admin controls', async () => {
    api([{ ...adminData, groups: [{ ...choir, memberCount: 1204 }, ushers] }]);
    renderApp('/groups');
    expect(await screen.findByRole('heading', { level: 1, name: 'Groups' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(crumbs).getByText('Groups').getAttribute('aria-current')).toBe('page');

    await screen.findByRole('article', { name: 'Choir' });
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Choir',
      'Ushers',
    ]);
    expect(screen.getByRole('link', { name: 'Create Group' }).getAttribute('href')).toBe('/groups/add');
    expect(within(card('Choir')).getByRole('link', { name: 'Choir' }).getAttribute('href')).toBe('/groups/g-choir');
    expect(within(card('Choir')).getByText('1,204 members')).toBeTruthy();
    expect(within(card('Ushers')).getByText('No members')).toBeTruthy();
    expect(within(card('Choir')).getByRole('link', { name: 'Manage members of Choir' }).getAttribute('href')).toBe(
      '/groups/g-choir',
    );
    expect(within(card('Choir')).getByRole('button', { name: 'Delete Group Choir' })).toBeTruthy();
    // No member's name is on this page: each group's members are on its own.
    expect(screen.queryByText('Grace Adams')).toBeNull();
  });

  it('shows no admin controls to members', async () => {
    signedInAs({ admin: false });
    api([memberData]);
    renderApp('/groups');
    await screen.findByRole('article', { name: 'Choir' });
    expect(screen.queryByRole('link', { name: 'Create Group' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete Group/ })).toBeNull();
    expect(within(card('Choir')).getByRole('link', { name: 'View members of Choir' })).toBeTruthy();
  });

  it('has empty texts for admins and for others', async () => {
    api([{ groups: [], canManage: true }]);
    const view = renderApp('/groups');
    expect(
      await screen.findByText("No groups created yet. Use the 'Create Group' button to get started."),
    ).toBeTruthy();
    view.unmount();
    signedInAs({ admin: false });
    api([{ groups: [], canManage: false }]);
    renderApp('/groups');
    expect(await screen.findByText('No groups have been added for this organization yet.')).toBeTruthy();
  });

  it("says 'Failed to load group data.' when the load fails", async () => {
    api([], { 'GET /api/groups': () => jsonResponse(500, { error: { code: 'internal', message: 'boom' } }) });
    renderApp('/groups');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load group data.');
  });

  it('deletes a group after confirmation and reloads; a refusal shows its message', async () => {
    const fetchMock = api([adminData, { ...adminData, groups: [ushers] }], {
      'DELETE /api/groups/g-choir': () => jsonResponse(200, { success: true, message: 'Group "Choir" deleted.' }),
      'DELETE /api/groups/g-ushers': () =>
        jsonResponse(404, { error: { code: 'not-found', message: 'Group not found.' } }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'Delete Group Choir' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete group "Choir" and all its roles?');
    expect(calls(fetchMock, 'DELETE /api/groups/g-choir')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Group Choir' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Choir' })).toBeNull());
    expect(screen.getByText('Group "Choir" deleted.')).toBeTruthy();
    expect(calls(fetchMock, 'GET /api/groups')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete Group Ushers' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to delete group: Group not found.');
  });
});

describe('/groups/:groupId', () => {
  it('shows the group’s members (60 px avatars linking to the family), its count and the admin controls', async () => {
    api([adminData], {}, [choirPage()]);
    renderApp('/groups/g-choir');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choir' })).toBeTruthy();
    const crumbs = expectCrumbsToGroups();
    expect(within(crumbs).getByText('Choir').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('2 members')).toBeTruthy();

    const link = within(members()).getByRole('link', { name: /Grace Adams/ });
    expect(link.getAttribute('href')).toBe('/families/f-adams');
    expect(link.textContent).toContain('Alto');
    const avatar = link.querySelector('img')!;
    expect(avatar.getAttribute('src')).toBe('/images/person.svg');
    expect(avatar.style.height).toBe('60px');
    expect(
      within(members())
        .getByRole('link', { name: /Unknown Member/ })
        .getAttribute('href'),
    ).toBe('#');
    expect(screen.getByRole('button', { name: 'Add Member' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Group' })).toBeTruthy();
    expect(within(members()).getByRole('button', { name: 'Remove Grace Adams from Choir' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More members' })).toBeNull();
  });

  it('shows no admin controls to members, and an empty group says so', async () => {
    signedInAs({ admin: false });
    api([memberData], {}, [choirPage(false)]);
    const view = renderApp('/groups/g-choir');
    expect(
      await within(await screen.findByRole('region', { name: 'Members of Choir' })).findByText('Grace Adams'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add Member|Delete Group|Remove/ })).toBeNull();
    view.unmount();
    api([memberData], {}, [choirPage(false, [])]);
    renderApp('/groups/g-choir');
    expect(await screen.findByText('No members in this group.')).toBeTruthy();
    expect(screen.getByText('No members')).toBeTruthy();
  });

  it('asks for the next page after the last place with More, and adds its members below', async () => {
    const lydia = { ...grace, memberId: 'm-lydia', memberName: 'Lydia Kim', label: null };
    const fetchMock = api(
      [adminData],
      {
        'GET /api/groups/g-choir?after=graceadams%23m-grace': () =>
          jsonResponse(200, { ...choirPage(true, [lydia]), group: { ...choir, memberCount: 2 } }),
      },
      [{ ...choirPage(true, [grace]), group: { ...choir, memberCount: 2 }, next: 'graceadams#m-grace' }],
    );
    const user = userEvent.setup();
    renderApp('/groups/g-choir');
    const more = await screen.findByRole('button', { name: 'More members' });
    expect(within(members()).getAllByRole('listitem')).toHaveLength(1);
    await user.click(more);
    expect(await within(members()).findByRole('link', { name: /Lydia Kim/ })).toBeTruthy();
    expect(
      within(members())
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Grace AdamsAlto', 'Lydia Kim']);
    expect(calls(fetchMock, 'GET /api/groups/g-choir?after=graceadams%23m-grace')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More members' })).toBeNull());
  });

  it('says a group that is not there is not found, with the way back', async () => {
    api([adminData]);
    renderApp('/groups/g-gone');
    expect((await screen.findByRole('alert')).textContent).toContain('Group not found. It may have been deleted.');
    expect(screen.getByRole('link', { name: 'Back to Groups' }).getAttribute('href')).toBe('/groups');
  });

  it('adds a member through an accessible modal offering only members not shown, then reloads', async () => {
    const lydiaKim = {
      memberId: 'm-lydia-kim',
      familyId: 'f-kim',
      memberName: 'Lydia Kim',
      label: 'Soprano',
      leader: false,
      cDate: 'x',
    };
    let answer: (r: Response) => void = () => {};
    const fetchMock = api(
      [adminData],
      { 'POST /api/groups/g-choir/roles': () => new Promise<Response>((resolve) => (answer = resolve)) },
      [choirPage(), choirPage(true, [grace, lydiaKim, unknown])],
    );
    const user = userEvent.setup();
    renderApp('/groups/g-choir');
    const open = await screen.findByRole('button', { name: 'Add Member' });
    await user.click(open);

    const dialog = screen.getByRole('dialog', { name: 'Add Member to Choir' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const find = within(dialog).getByLabelText('Find a member');
    expect(document.activeElement).toBe(find);
    const select = within(dialog).getByLabelText(/Select Member/) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    // The church's people are found by search, never listed whole.
    await user.type(find, 'k');
    await waitFor(() => expect(select.disabled).toBe(false));
    // Grace is in the group already; the rest by name, then surname.
    expect([...select.options].filter((o) => o.value).map((o) => o.textContent)).toEqual([
      'Aaron Kim',
      'Lydia Abe',
      'Lydia Kim',
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/search'))).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Please select a member to add.');
    expect(calls(fetchMock, 'POST /api/groups/g-choir/roles')).toEqual([]);

    await user.selectOptions(select, 'm-lydia-kim');
    const label = within(dialog).getByLabelText(/Role Label/) as HTMLInputElement;
    expect(label.maxLength).toBe(50);
    await user.type(label, ' Soprano ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect(await within(dialog).findByText('Adding...')).toBeTruthy();
    expect(calls(fetchMock, 'POST /api/groups/g-choir/roles')).toEqual([{ memberId: 'm-lydia-kim', label: 'Soprano' }]);

    await act(async () =>
      answer(jsonResponse(200, { success: true, message: 'Lydia Kim added to the group "Choir".' })),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(members()).findByRole('link', { name: /Lydia Kim/ })).toBeTruthy();
    expect(screen.getByText('Lydia Kim added to the group "Choir".')).toBeTruthy();
    expect(screen.getByText('3 members')).toBeTruthy();
    expect(calls(fetchMock, 'GET /api/groups/g-choir')).toHaveLength(2);
  });

  it('closes the modal with Escape and Cancel, returning focus; Tab stays inside', async () => {
    api([adminData], {}, [choirPage(true, [])]);
    const user = userEvent.setup();
    renderApp('/groups/g-choir');
    const open = await screen.findByRole('button', { name: 'Add Member' });
    await user.click(open);
    const dialog = screen.getByRole('dialog');
    // The group is empty: all four people found are offered.
    await user.type(within(dialog).getByLabelText('Find a member'), 'a');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('option')
          .filter((o) => (o as HTMLOptionElement).value),
      ).toHaveLength(4),
    );
    expect(document.querySelector('.Layout_app-shell')!.hasAttribute('inert')).toBe(true);

    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const add = within(dialog).getByRole('button', { name: 'Add Member' });
    add.focus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(add);
    cancel.focus();
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(document.querySelector('.Layout_app-shell')!.hasAttribute('inert')).toBe(false);

    await user.click(open);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it("shows 'Failed to add member: {msg}' in the modal and keeps it open", async () => {
    api(
      [adminData],
      {
        'POST /api/groups/g-choir/roles': () =>
          jsonResponse(409, { error: { code: 'already-exists', message: 'This member is already in the group.' } }),
      },
      [choirPage()],
    );
    const user = userEvent.setup();
    renderApp('/groups/g-choir');
    await user.click(await screen.findByRole('button', { name: 'Add Member' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Find a member'), 'aaron');
    await within(dialog).findByRole('option', { name: 'Aaron Kim' });
    await user.selectOptions(within(dialog).getByLabelText(/Select Member/), 'm-aaron');
    await user.click(within(dialog).getByRole('button', { name: 'Add Member' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Failed to add member: This member is already in the group.',
    );
    expect((within(dialog).getByRole('button', { name: 'Add Member' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('removes a member after confirmation and reloads; a refusal shows its message', async () => {
    const fetchMock = api(
      [adminData],
      {
        'DELETE /api/groups/g-choir/roles/m-grace': () =>
          jsonResponse(200, { success: true, message: 'Member removed from the group.' }),
        'DELETE /api/groups/g-choir/roles/m-old': () =>
          jsonResponse(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
      },
      [choirPage(), choirPage(true, [unknown])],
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/groups/g-choir');
    await user.click(await screen.findByRole('button', { name: 'Remove Grace Adams from Choir' }));
    expect(confirm).toHaveBeenLastCalledWith('Remove Grace Adams from the group "Choir"?');
    await waitFor(() => expect(within(members()).queryByRole('link', { name: /Grace Adams/ })).toBeNull());
    expect(calls(fetchMock, 'DELETE /api/groups/g-choir/roles/m-grace')).toHaveLength(1);
    expect(screen.getByText('Grace Adams removed from the group "Choir".')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Unknown Member from Choir' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to delete role: Something went wrong.');
  });

  it('lets an administrator make a member a leader at once, the mark back as it was when refused', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = api(
      [adminData],
      {
        'PUT /api/groups/g-choir/roles/m-grace/leader': () => new Promise<Response>((resolve) => (answer = resolve)),
        'PUT /api/groups/g-choir/roles/m-old/leader': () =>
          jsonResponse(403, { error: { code: 'permission-denied', message: 'Only administrators choose leaders.' } }),
      },
      [choirPage(), choirPage(true, [{ ...grace, leader: true }, unknown])],
    );
    const user = userEvent.setup();
    renderApp('/groups/g-choir');
    const leader = (await screen.findByRole('checkbox', { name: 'Leader: Grace Adams' })) as HTMLInputElement;
    expect(leader.checked).toBe(false);
    expect(within(members()).queryByText('Leader', { selector: 'a *' })).toBeNull();
    await user.click(leader);
    // On screen before the server answers; the checkbox waits for it.
    expect(leader.checked).toBe(true);
    expect(leader.disabled).toBe(true);
    expect(within(members()).getByRole('link', { name: /Grace Adams/ }).textContent).toBe('Grace AdamsAltoLeader');
    expect(calls(fetchMock, 'PUT /api/groups/g-choir/roles/m-grace/leader')).toEqual([{ leader: true }]);
    await act(async () => answer(jsonResponse(200, { success: true, message: 'Grace Adams now leads Choir.' })));
    expect(await screen.findByText('Grace Adams now leads Choir.')).toBeTruthy();
    await waitFor(() => expect(leader.disabled).toBe(false));
    expect(leader.checked).toBe(true);

    const old = screen.getByRole('checkbox', { name: 'Leader: Unknown Member' }) as HTMLInputElement;
    await user.click(old);
    expect((await screen.findByRole('alert')).textContent).toContain('Only administrators choose leaders.');
    await waitFor(() => expect(old.checked).toBe(false));
  });

  it('shows everyone which members lead the group, and no leader choice to members', async () => {
    signedInAs({ admin: false });
    api([memberData], {}, [choirPage(false, [{ ...grace, leader: true }, unknown])]);
    renderApp('/groups/g-choir');
    const link = await within(await screen.findByRole('region', { name: 'Members of Choir' })).findByRole('link', {
      name: /Grace Adams/,
    });
    expect(link.textContent).toBe('Grace AdamsAltoLeader');
    expect(within(members()).getByRole('link', { name: /Unknown Member/ }).textContent).toBe('Unknown Member');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('deletes the group from its page after confirmation and goes to /groups with the message', async () => {
    api(
      [adminData, { ...adminData, groups: [ushers] }],
      {
        'DELETE /api/groups/g-choir': () => jsonResponse(200, { success: true, message: 'Group "Choir" deleted.' }),
      },
      [choirPage()],
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderApp('/groups/g-choir');
    await user.click(await screen.findByRole('button', { name: 'Delete Group' }));
    expect(confirm).toHaveBeenLastCalledWith('Delete group "Choir" and all its roles?');
    await waitFor(() => expect(currentPath()).toBe('/groups'));
    expect(await screen.findByText('Group "Choir" deleted.')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Ushers' })).toBeTruthy();
  });
});

describe('/groups/add', () => {
  const nameField = () => screen.getByLabelText(/Group Name/) as HTMLInputElement;

  it('shows the form with its breadcrumb, and refuses an empty name', async () => {
    const fetchMock = api([adminData]);
    const user = userEvent.setup();
    renderApp('/groups/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add New Group' })).toBeTruthy();
    expectCrumbsToGroups();
    expect(nameField().placeholder).toBe('Enter group name');
    expect(nameField().maxLength).toBe(100);
    await user.type(nameField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Group Name cannot be empty.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("creates the group ('Creating...'), hides the form, then goes to /groups after 2 s with the message", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (r: Response) => void = () => {};
    const fetchMock = api([adminData], {
      'POST /api/groups': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/groups/add');
    await user.type(await screen.findByLabelText(/Group Name/), '  Youth Group ');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect(await screen.findByText('Creating...')).toBeTruthy();
    expect(nameField().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls(fetchMock, 'POST /api/groups')).toEqual([{ groupName: 'Youth Group' }]);

    await act(async () =>
      answer(jsonResponse(200, { success: true, message: "Group 'Youth Group' created.", groupId: 'g-9' })),
    );
    expect(await screen.findByText("Group 'Youth Group' created.")).toBeTruthy();
    expect(screen.queryByLabelText(/Group Name/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to Groups' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(currentPath()).toBe('/groups/add');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await eventually(() => expect(currentPath()).toBe('/groups'));
    expect(await screen.findByText("Group 'Youth Group' created.")).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Choir' })).toBeTruthy();
  });

  it.each([
    [403, 'permission-denied', 'nope', 'You do not have permission to create groups.'],
    [409, 'already-exists', 'taken', 'A group with this name already exists in your organization.'],
    [400, 'invalid-argument', 'bad', 'Invalid data provided (e.g., group name empty).'],
    [503, 'unavailable', 'Down for a moment.', 'Server error: Down for a moment. (code: unavailable)'],
  ])('shows the add-group text for a %s answer and leaves the form editable', async (status, code, message, text) => {
    api([adminData], { 'POST /api/groups': () => jsonResponse(status, { error: { code, message } }) });
    const user = userEvent.setup();
    renderApp('/groups/add');
    await user.type(await screen.findByLabelText(/Group Name/), 'Choir');
    await user.click(screen.getByRole('button', { name: 'Create Group' }));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(nameField().disabled).toBe(false);
    expect(nameField().value).toBe('Choir');
  });

  it('Cancel goes back to /groups', async () => {
    api([adminData]);
    const user = userEvent.setup();
    renderApp('/groups/add');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentPath()).toBe('/groups'));
  });
});

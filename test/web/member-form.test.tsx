import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentPath,
  eventually,
  jsonResponse,
  renderApp,
  routedFetch,
  signedInAs,
  type RouteHandler,
} from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

let fake: ReturnType<typeof routedFetch>;
const api = (extra: Record<string, RouteHandler>) => fake.api(extra);
const calls = (key: string) => fake.calls(key);

const familyView = (familyId: string, surname: string, canEdit = true) => ({
  familyId,
  surname,
  street: null,
  city: null as string | null,
  state: null,
  zipcode: null,
  phone: null,
  anniversary: null,
  photo: null,
  photoUrl: null,
  version: 1,
  canEdit,
  members: [],
});

const member = {
  memberId: 'mem-7',
  familyId: 'fam-1',
  name: 'Ann',
  surname: 'Smith',
  birthday: '11/05',
  cellphone: '555-0101',
  email: 'ann@example.org',
  version: 2,
};

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs({ admin: true });
  fake = routedFetch();
});

/** Opens /members/add the way the family pages do: with the family in the route state. */
function renderAddWithFamily(id = 'fam-1', name = 'Smith') {
  return renderApp({ pathname: '/members/add', state: { preselectedFamilyId: id, preselectedFamilyName: name } });
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input,select' }) as HTMLInputElement;
const alertText = async () => (await screen.findByRole('alert')).textContent;

async function type(label: string, value: string) {
  const input = field(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('add member with a preselected family', () => {
  it('shows the family read-only, the breadcrumb and the invite hint', async () => {
    renderAddWithFamily();
    await screen.findByRole('heading', { level: 1, name: 'Add Member' });
    const family = field('Family');
    expect(family.value).toBe('Smith Family');
    expect(family.readOnly).toBe(true);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Families', 'Smith Family']);
    expect(within(crumbs).getByRole('link', { name: 'Smith Family' })).toHaveProperty('pathname', '/families/fam-1');
    expect(within(crumbs).getByText('Add Member').getAttribute('aria-current')).toBe('page');
    expect(field('Birthday').maxLength).toBe(5);
    expect(screen.getByText('If provided, an invitation is sent (at most one a day).')).toBeTruthy();
    // No family list is needed (only the account is read, by the directory's gate).
    expect(fake.fetchMock.mock.calls.filter(([url]) => url !== '/api/me')).toEqual([]);
  });

  it("validates: 'Member name is required.' and 'Birthday format must be MM/DD.'", async () => {
    renderAddWithFamily();
    await screen.findByRole('heading', { level: 1, name: 'Add Member' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await alertText()).toBe('Member name is required.');
    await type('First Name', '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await alertText()).toBe('Member name is required.');
    await type('First Name', 'Ann');
    await type('Birthday', '13/05');
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await alertText()).toBe('Birthday format must be MM/DD.');
    expect(fake.fetchMock.mock.calls.filter(([url]) => url !== '/api/me')).toEqual([]);
  });

  it.each([
    ['sent', 'Invitation sent to ann@example.org.'],
    ['invited-today', 'No invitation sent: ann@example.org was already invited in the last day.'],
  ])('says whether the invitation went out (%s)', async (outcome, message) => {
    api({
      'POST /api/members': () =>
        jsonResponse(200, {
          success: true,
          message: 'Member added successfully!',
          id: 'mem-9',
          version: 1,
          invitation: { to: 'ann@example.org', outcome, message },
        }),
    });
    renderAddWithFamily();
    await screen.findByRole('heading', { level: 1, name: 'Add Member' });
    await type('First Name', 'Ann');
    await type('Email Address', 'ann@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('trims, leaves out empty optional fields, shows the server message and goes to the family after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api({
      'POST /api/members': () =>
        jsonResponse(200, { success: true, message: 'Member added successfully!', id: 'mem-9', version: 1 }),
    });
    renderAddWithFamily();
    await screen.findByRole('heading', { level: 1, name: 'Add Member' });
    await type('First Name', '  Ann  ');
    await type('Email Address', ' Ann@Example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Member added successfully!')).toBeTruthy();
    expect(calls('POST /api/members')).toEqual([{ familyId: 'fam-1', name: 'Ann', email: 'ann@example.org' }]);
    expect(field('First Name').disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(currentPath()).toBe('/members/add');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await eventually(() => expect(currentPath()).toBe('/families/fam-1'));
  });

  it("falls back to 'Member added successfully!' when the server sends no message", async () => {
    api({ 'POST /api/members': () => jsonResponse(200, { success: true, message: '', id: 'mem-9', version: 1 }) });
    renderAddWithFamily();
    await screen.findByRole('heading', { level: 1, name: 'Add Member' });
    await type('First Name', 'Ann');
    await type('Birthday', '11/05');
    await type('Cellphone', '555-0101');
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Member added successfully!')).toBeTruthy();
    expect(calls('POST /api/members')).toEqual([
      { familyId: 'fam-1', name: 'Ann', birthday: '11/05', cellphone: '555-0101' },
    ]);
  });

  it("shows the server's error and keeps the input", async () => {
    api({
      'POST /api/members': () =>
        jsonResponse(409, {
          error: {
            code: 'already-exists',
            message: 'A member with this email address already exists in your organization.',
          },
        }),
    });
    renderAddWithFamily();
    await screen.findByRole('heading', { level: 1, name: 'Add Member' });
    await type('First Name', 'Ann');
    await type('Email Address', 'ann@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await alertText()).toBe('A member with this email address already exists in your organization.');
    expect(field('First Name').value).toBe('Ann');
    expect(field('First Name').disabled).toBe(false);
  });
});

describe('add member without a preselected family', () => {
  const found =
    (...families: ReturnType<typeof familyView>[]) =>
    () =>
      jsonResponse(200, { families, more: false });

  it('lets an admin find the family by searching, lists the matches, and links to add a family', async () => {
    api({
      'GET /api/search?q=ad': found(
        { ...familyView('fam-1', 'Adams'), city: 'Springfield' },
        familyView('fam-3', 'Adamson', false),
      ),
    });
    renderApp('/members/add');
    const select = (await screen.findByLabelText(/^Family/, { selector: 'select' })) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(screen.getByRole('option', { name: 'Type above to find the family' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Find the family'), 'ad');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .filter((o) => (o as HTMLOptionElement).value)
          .map((o) => o.textContent),
      ).toEqual(['Adams (Springfield)']),
    );
    // One search once typing pauses, not one per key.
    expect(fake.fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/search'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Add a new family' })).toHaveProperty('pathname', '/families/add');
  });

  it("requires a family: 'Family ID is missing (Please select or ensure one was passed).'", async () => {
    api({});
    renderApp('/members/add');
    await screen.findByLabelText(/^Family/, { selector: 'select' });
    await type('First Name', 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await alertText()).toBe('Family ID is missing (Please select or ensure one was passed).');
    expect(calls('POST /api/members')).toEqual([]);
  });

  it('adds to the chosen family and goes to /families after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api({
      'GET /api/search?q=you': found(familyView('fam-2', 'Young')),
      'POST /api/members': () =>
        jsonResponse(200, { success: true, message: 'Member added successfully!', id: 'mem-9', version: 1 }),
    });
    renderApp('/members/add');
    await userEvent.type(await screen.findByLabelText('Find the family'), 'you');
    await screen.findByRole('option', { name: 'Young' });
    await userEvent.selectOptions(screen.getByLabelText(/^Family/, { selector: 'select' }), 'fam-2');
    // The breadcrumb follows the choice.
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Young Family' }),
    ).toBeTruthy();
    await type('First Name', 'Bo');
    await userEvent.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Member added successfully!')).toBeTruthy();
    expect(calls('POST /api/members')).toEqual([{ familyId: 'fam-2', name: 'Bo' }]);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await eventually(() => expect(currentPath()).toBe('/families'));
  });

  it('offers a member their own family, chosen, with no search and no link to add a family', async () => {
    signedInAs({ admin: false, familyId: 'fam-1' });
    api({ 'GET /api/families/fam-1': () => jsonResponse(200, { family: familyView('fam-1', 'Adams') }) });
    renderApp('/members/add');
    const select = (await screen.findByLabelText(/^Family/, { selector: 'select' })) as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .filter((o) => (o as HTMLOptionElement).value)
        .map((o) => o.textContent),
    ).toEqual(['Adams']);
    expect(select.value).toBe('fam-1');
    expect(screen.queryByLabelText('Find the family')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a new family' })).toBeNull();
  });

  it("says 'Failed to load families list.' when the search cannot be answered", async () => {
    api({ 'GET /api/search?q=ad': () => jsonResponse(503, { error: { code: 'unavailable', message: 'Busy.' } }) });
    renderApp('/members/add');
    await userEvent.type(await screen.findByLabelText('Find the family'), 'ad');
    expect(await alertText()).toBe('Failed to load families list.');
  });
});

describe('edit member', () => {
  async function openEdit() {
    api({ 'GET /api/members/mem-7': () => jsonResponse(200, { member, canEdit: true }) });
    renderApp('/members/edit/mem-7');
    await screen.findByRole('heading', { level: 1, name: 'Edit Member' });
    await screen.findByDisplayValue('Ann');
  }

  it('loads the member once and shows the family read-only', async () => {
    await openEdit();
    expect(calls('GET /api/members/mem-7')).toHaveLength(1);
    expect(field('Family').value).toBe('Smith Family');
    expect(field('Family').readOnly).toBe(true);
    expect(field('Birthday').value).toBe('11/05');
    expect(field('Birthday').maxLength).toBe(5);
    expect(field('Cellphone').value).toBe('555-0101');
    expect(field('Email Address').value).toBe('ann@example.org');
    expect(screen.getByText('If provided or changed, an invitation is sent (at most one a day).')).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Smith Family' }),
    ).toHaveProperty('pathname', '/families/fam-1');
  });

  it('sends nulls for cleared fields and the version; goes to the family after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api({
      'PUT /api/members/mem-7': () =>
        jsonResponse(200, { success: true, message: 'Member updated successfully!', id: 'mem-7', version: 3 }),
    });
    await openEdit();
    await type('Birthday', '');
    await type('Cellphone', '');
    await type('First Name', 'Annie');
    await userEvent.click(screen.getByRole('button', { name: 'Update Member' }));
    expect(await screen.findByText('Member updated successfully!')).toBeTruthy();
    expect(calls('PUT /api/members/mem-7')).toEqual([
      { name: 'Annie', birthday: null, cellphone: null, email: 'ann@example.org', familyId: 'fam-1', version: 2 },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(currentPath()).toBe('/members/edit/mem-7');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await eventually(() => expect(currentPath()).toBe('/families/fam-1'));
  });

  it("falls back to 'Member updated successfully!'", async () => {
    api({ 'PUT /api/members/mem-7': () => jsonResponse(200, { success: true, message: '', id: 'mem-7', version: 3 }) });
    await openEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Update Member' }));
    expect(await screen.findByText('Member updated successfully!')).toBeTruthy();
  });

  it('validates the name and the birthday', async () => {
    await openEdit();
    await type('First Name', '');
    await userEvent.click(screen.getByRole('button', { name: 'Update Member' }));
    expect(await alertText()).toBe('Member name is required.');
    await type('First Name', 'Ann');
    await type('Birthday', '02/32');
    await userEvent.click(screen.getByRole('button', { name: 'Update Member' }));
    expect(await alertText()).toBe('Birthday format must be MM/DD.');
    expect(calls('PUT /api/members/mem-7')).toEqual([]);
  });

  it("shows the server's conflict message and keeps the input", async () => {
    const conflict =
      'Someone else changed this member after you opened it. Reload the page to see their changes, then make yours again.';
    api({ 'PUT /api/members/mem-7': () => jsonResponse(409, { error: { code: 'aborted', message: conflict } }) });
    await openEdit();
    await type('Cellphone', '555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Update Member' }));
    expect(await alertText()).toBe(conflict);
    expect(field('Cellphone').value).toBe('555-0199');
    expect(field('Cellphone').disabled).toBe(false);
  });

  it("shows 'Member not found.' with a way back", async () => {
    api({
      'GET /api/members/gone': () => jsonResponse(404, { error: { code: 'not-found', message: 'Member not found.' } }),
    });
    renderApp('/members/edit/gone');
    expect(await alertText()).toBe('Member not found.');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Families' }));
    await eventually(() => expect(currentPath()).toBe('/families'));
  });

  it('shows the permission error when canEdit is false', async () => {
    signedInAs({ admin: false });
    api({ 'GET /api/members/mem-7': () => jsonResponse(200, { member, canEdit: false }) });
    renderApp('/members/edit/mem-7');
    expect(await alertText()).toBe('You do not have permission to edit this member.');
    expect(screen.queryByRole('button', { name: 'Update Member' })).toBeNull();
  });

  it('shows the permission error for a 403', async () => {
    api({
      'GET /api/members/mem-7': () => jsonResponse(403, { error: { code: 'permission-denied', message: 'No.' } }),
    });
    renderApp('/members/edit/mem-7');
    expect(await alertText()).toBe('You do not have permission to edit this member.');
  });

  it("shows 'Failed to load member details. Please try again.' for other failures", async () => {
    api({ 'GET /api/members/mem-7': () => jsonResponse(500, { error: { code: 'internal', message: 'Boom.' } }) });
    renderApp('/members/edit/mem-7');
    expect(await alertText()).toBe('Failed to load member details. Please try again.');
  });
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentPath,
  eventually,
  FakeXhr,
  jsonResponse,
  POLLED,
  renderApp,
  routedFetch,
  signedInAs,
  type RouteHandler,
} from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

let fake: ReturnType<typeof routedFetch>;
const api = (extra: Record<string, RouteHandler>) => fake.api(extra);
const calls = (key: string) => fake.calls(key);
/** The Idempotency-Key headers sent with each call of this route. */
const requestKeys = (key: string) =>
  fake.fetchMock.mock.calls
    .filter(([url, init]) => `${init.method ?? 'GET'} ${url}` === key)
    .map(([, init]) => (init.headers as Record<string, string>)['idempotency-key']);

const family = {
  familyId: 'fam-1',
  surname: 'Smith',
  street: '1 Main St',
  city: 'Raleigh',
  state: 'NC',
  zipcode: '27601',
  phone: '555-0100',
  anniversary: '06/21',
  photoUrl: 'http://s3.local/photo.jpg?sig=1',
  version: 3,
  canEdit: true,
  members: [],
};

const upload = {
  url: 'http://s3.local/church-directory-photos/org-1/photos/fam-1/22222222-2222-4222-8222-222222222222.png?X-Amz-Signature=s',
  method: 'PUT',
  headers: { 'content-type': 'image/png' },
  photo: 'org-1/photos/fam-1/22222222-2222-4222-8222-222222222222.png',
  maxBytes: 5 * 1024 * 1024,
};

/** The photo pipeline's answer for the upload (the form waits on it between the upload and the save). */
const PREPARED = 'GET /api/photos/uploads/22222222-2222-4222-8222-222222222222';
const ready = { status: 'ready', url: 'http://s3.local/small.webp?sig=1', width: 4, height: 3 };

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  signedInAs({ admin: true });
  fake = routedFetch();
  api({ [PREPARED]: () => jsonResponse(200, ready) });
});

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input,select' }) as HTMLInputElement;
const alertText = async () => (await screen.findByRole('alert')).textContent;
const photoInput = () => screen.getByLabelText(/^(Choose|Change) Photo$/, { selector: 'input' }) as HTMLInputElement;
const image = (name = 'family.png', type = 'image/png') => new File(['png'], name, { type });

async function type(label: string, value: string) {
  const input = field(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

async function openAdd() {
  renderApp('/families/add');
  await screen.findByRole('heading', { level: 1, name: 'Add New Family' });
}

async function openEdit() {
  api({ 'GET /api/families/fam-1': () => jsonResponse(200, { family }) });
  renderApp('/families/edit/fam-1');
  await screen.findByRole('heading', { level: 1, name: 'Edit Family Details' });
  await screen.findByDisplayValue('Smith');
}

describe('add family', () => {
  it('shows the fields, the breadcrumb and the photo chooser', async () => {
    await openAdd();
    for (const label of [
      'Family Surname',
      'Anniversary',
      'Home Phone',
      'Street Address',
      'City',
      'State',
      'Zip Code',
    ]) {
      expect(field(label)).toBeTruthy();
    }
    expect(field('Family Surname').required).toBe(true);
    expect(field('Anniversary').maxLength).toBe(5);
    expect(field('State').maxLength).toBe(2);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Families' })).toHaveProperty('pathname', '/families');
    expect(screen.getByRole('group', { name: 'Family Photo' })).toBeTruthy();
    expect(photoInput().accept).toBe('image/*');
    expect(screen.queryByRole('button', { name: 'Remove Photo' })).toBeNull();
  });

  it('validates surname, state, zip and anniversary with their messages and sends nothing', async () => {
    await openAdd();
    const submit = screen.getByRole('button', { name: 'Add Family' });
    await userEvent.click(submit);
    expect(await alertText()).toBe('Please fill in the required Family Surname (*).');
    await type('Family Surname', 'Smith');
    await type('State', 'N1');
    await userEvent.click(submit);
    expect(await alertText()).toBe('Please enter a valid 2-letter state abbreviation.');
    await type('State', 'nc');
    await type('Zip Code', '2760');
    await userEvent.click(submit);
    expect(await alertText()).toBe('Please enter a valid 5-digit or 9-digit zipcode.');
    await type('Zip Code', '27601-123');
    await userEvent.click(submit);
    expect(await alertText()).toBe('Please enter a valid 5-digit or 9-digit zipcode.');
    await type('Zip Code', '27601-1234');
    await type('Anniversary', '13/01');
    await userEvent.click(submit);
    expect(await alertText()).toBe('Anniversary format must be MM/DD.');
    await type('Anniversary', '6/21');
    await userEvent.click(submit);
    expect(await alertText()).toBe('Anniversary format must be MM/DD.');
    expect(fake.fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image', async () => {
    await openAdd();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(photoInput(), new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' }));
    expect(await alertText()).toBe('Please select a valid image file.');
    expect(screen.getByText('No photo chosen.')).toBeTruthy();
  });

  it('sends empty optional fields as null, the state upper-cased, then redirects after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api({
      'POST /api/families': () =>
        jsonResponse(200, { success: true, message: 'Family added successfully!', id: 'fam-9', version: 1 }),
    });
    await openAdd();
    await type('Family Surname', '  Smith ');
    await type('State', 'nc');
    await userEvent.click(screen.getByRole('button', { name: 'Add Family' }));

    expect(await screen.findByText('Family added successfully!')).toBeTruthy();
    expect(calls('POST /api/families')).toEqual([
      {
        surname: 'Smith',
        anniversary: null,
        phone: null,
        street: null,
        city: null,
        state: 'NC',
        zipcode: null,
        photo: null,
      },
    ]);
    expect(calls('POST /api/photos/uploads')).toEqual([]);
    expect(field('Family Surname').disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add Family' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(currentPath()).toBe('/families/add');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await eventually(() => expect(currentPath()).toBe('/families/fam-9'));
  });

  it("says 'Adding family...' while the family is saved without a photo", async () => {
    let answer: (r: Response) => void = () => {};
    await openAdd();
    await type('Family Surname', 'Smith');
    fake.fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await userEvent.click(screen.getByRole('button', { name: 'Add Family' }));
    expect(await screen.findByText('Adding family...')).toBeTruthy();
    expect(field('City').disabled).toBe(true);
    await act(async () => answer(jsonResponse(200, { success: true, message: 'ok', id: 'fam-9', version: 1 })));
    expect(await screen.findByText('Family added successfully!')).toBeTruthy();
  });

  it('uploads the photo with progress (a PUT with the signed headers), then adds the family with its path', async () => {
    api({
      'POST /api/photos/uploads': () => jsonResponse(200, upload),
      'POST /api/families': () =>
        jsonResponse(200, { success: true, message: 'Family added successfully!', id: 'fam-9', version: 1 }),
    });
    await openAdd();
    await type('Family Surname', 'Smith');
    await userEvent.upload(photoInput(), image());
    expect(screen.getByText('New photo selected: family.png')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Photo' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Family' }));

    expect(await screen.findByText('Uploading photo...')).toBeTruthy();
    await eventually(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(calls('POST /api/photos/uploads')).toEqual([{ contentType: 'image/png', size: 3 }]);
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(upload.url);
    expect(xhr.headers).toEqual({ 'content-type': 'image/png' });
    // The size told to createPhotoUpload is signed: the body must be exactly that big.
    expect(xhr.body!.size).toBe(3);

    act(() => xhr.progress(40, 100));
    expect(screen.getByText('40%')).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: 'Photo upload progress' }) as HTMLProgressElement).value).toBe(40);
    expect(field('Family Surname').disabled).toBe(true);

    act(() => xhr.respond(204));
    expect(await screen.findByText('Family added successfully!')).toBeTruthy();
    expect(calls('POST /api/families')[0]).toMatchObject({ surname: 'Smith', photo: upload.photo });
    // The upload is granted for the family this add creates: both carry the form's request key.
    const [uploadKey] = requestKeys('POST /api/photos/uploads');
    expect(uploadKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestKeys('POST /api/families')).toEqual([uploadKey]);
  });

  it("shows 'Preparing photo...' while the server checks it, then 'Photo uploaded. Adding family...'", async () => {
    let answer: (r: Response) => void = () => {};
    const pending = () => {
      let resolve: (r: Response) => void = () => {};
      fake.fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (resolve = r)));
      return (r: Response) => resolve(r);
    };
    api({ 'POST /api/photos/uploads': () => jsonResponse(200, upload) });
    await openAdd();
    await type('Family Surname', 'Smith');
    await userEvent.upload(photoInput(), image());
    await userEvent.click(screen.getByRole('button', { name: 'Add Family' }));
    await eventually(() => expect(FakeXhr.sent).toHaveLength(1));
    const firstLook = pending();
    act(() => FakeXhr.sent[0]!.respond(204));
    expect(await screen.findByText('Preparing photo...')).toBeTruthy();
    // Not handled yet at the first look (404), ready at the next.
    const secondLook = pending();
    await act(async () => firstLook(jsonResponse(404, { error: { code: 'not-found', message: 'Photo not found.' } })));
    await vi.waitFor(() => expect(calls(PREPARED)).toHaveLength(2), POLLED);
    fake.fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await act(async () => secondLook(jsonResponse(200, ready)));
    expect(await screen.findByText('Photo uploaded. Adding family...')).toBeTruthy();
    await act(async () => answer(jsonResponse(200, { success: true, message: 'ok', id: 'fam-9', version: 1 })));
    expect(await screen.findByText('Family added successfully!')).toBeTruthy();
  });

  it("reports a file the server finds is no photo as 'Photo upload error: ...' and saves nothing", async () => {
    const message = 'That file is not a photo we can use. Please choose a JPEG, PNG, WebP or GIF picture.';
    api({
      'POST /api/photos/uploads': () => jsonResponse(200, upload),
      [PREPARED]: () => jsonResponse(200, { status: 'refused', message }),
    });
    await openAdd();
    await type('Family Surname', 'Smith');
    await userEvent.upload(photoInput(), image());
    await userEvent.click(screen.getByRole('button', { name: 'Add Family' }));
    await eventually(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.respond(204));
    expect(await alertText()).toBe(`Photo upload error: ${message}`);
    expect(calls('POST /api/families')).toEqual([]);
    expect(field('Family Surname').disabled).toBe(false);
  });

  it("reports a refused upload as 'Photo upload error: {msg}' and lets the user try again", async () => {
    api({ 'POST /api/photos/uploads': () => jsonResponse(200, upload) });
    await openAdd();
    await type('Family Surname', 'Smith');
    await userEvent.upload(photoInput(), image());
    await userEvent.click(screen.getByRole('button', { name: 'Add Family' }));
    await eventually(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]!.respond(403, '<Error><Code>AccessDenied</Code><Message>Policy expired.</Message></Error>'),
    );
    expect(await alertText()).toBe('Photo upload error: Policy expired.');
    expect(calls('POST /api/families')).toEqual([]);
    expect(field('Family Surname').disabled).toBe(false);
    expect(field('Family Surname').value).toBe('Smith');
    expect((screen.getByRole('button', { name: 'Add Family' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reports a refused presign as a photo upload error', async () => {
    api({
      'POST /api/photos/uploads': () =>
        jsonResponse(403, { error: { code: 'permission-denied', message: 'Only administrators can add families.' } }),
    });
    await openAdd();
    await type('Family Surname', 'Smith');
    await userEvent.upload(photoInput(), image());
    await userEvent.click(screen.getByRole('button', { name: 'Add Family' }));
    expect(await alertText()).toBe('Photo upload error: Only administrators can add families.');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('keeps a chosen photo removable before saving', async () => {
    api({ 'POST /api/families': () => jsonResponse(200, { success: true, message: 'ok', id: 'fam-9', version: 1 }) });
    await openAdd();
    await type('Family Surname', 'Smith');
    await userEvent.upload(photoInput(), image());
    await userEvent.click(screen.getByRole('button', { name: 'Remove Photo' }));
    expect(screen.getByText('No photo chosen.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Family' }));
    expect(await screen.findByText('Family added successfully!')).toBeTruthy();
    expect(calls('POST /api/families')[0]).toMatchObject({ photo: null });
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

describe('edit family', () => {
  it('loads the family once and fills the form; breadcrumb links to the family detail', async () => {
    await openEdit();
    expect(calls('GET /api/families/fam-1')).toHaveLength(1);
    expect(field('Anniversary').value).toBe('06/21');
    expect(field('Home Phone').value).toBe('555-0100');
    expect(field('Street Address').value).toBe('1 Main St');
    expect(field('City').value).toBe('Raleigh');
    expect(field('State').value).toBe('NC');
    expect(field('Zip Code').value).toBe('27601');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Family Detail' })).toHaveProperty('pathname', '/families/fam-1');
    expect((screen.getByRole('img', { name: 'Current family photo' }) as HTMLImageElement).src).toBe(family.photoUrl);
    expect(screen.getByText('Current photo.')).toBeTruthy();
  });

  it('sends the version and keeps the stored photo by leaving it out; redirects to the family after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api({
      'PUT /api/families/fam-1': () =>
        jsonResponse(200, { success: true, message: 'Family updated successfully!', id: 'fam-1', version: 4 }),
    });
    await openEdit();
    await type('City', 'Durham');
    await type('Home Phone', '');
    await type('State', 'ca');
    await userEvent.click(screen.getByRole('button', { name: 'Update Family' }));
    expect(await screen.findByText('Family updated successfully!')).toBeTruthy();
    expect(calls('PUT /api/families/fam-1')).toEqual([
      {
        surname: 'Smith',
        anniversary: '06/21',
        phone: null,
        street: '1 Main St',
        city: 'Durham',
        state: 'CA',
        zipcode: '27601',
        version: 3,
      },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(currentPath()).toBe('/families/edit/fam-1');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await eventually(() => expect(currentPath()).toBe('/families/fam-1'));
  });

  it('removes the photo: null photo and the removal message', async () => {
    let answer: (r: Response) => void = () => {};
    await openEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Photo' }));
    expect(screen.getByText('The current photo will be removed when you save.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep Current Photo' })).toBeTruthy();
    fake.fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await userEvent.click(screen.getByRole('button', { name: 'Update Family' }));
    expect(await screen.findByText('Photo marked for removal. Updating family...')).toBeTruthy();
    const body = JSON.parse(String(fake.fetchMock.mock.calls.at(-1)![1].body));
    expect(body).toMatchObject({ photo: null, version: 3 });
    expect(body).not.toHaveProperty('existingPhotoPath');
    await act(async () => answer(jsonResponse(200, { success: true, message: 'ok', id: 'fam-1', version: 4 })));
    expect(await screen.findByText('Family updated successfully!')).toBeTruthy();
  });

  it('can undo a removal before saving', async () => {
    await openEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Photo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep Current Photo' }));
    expect(screen.getByText('Current photo.')).toBeTruthy();
  });

  it('replaces the photo: uploads for this family with the edit messages', async () => {
    let answer: (r: Response) => void = () => {};
    api({ 'POST /api/photos/uploads': () => jsonResponse(200, upload) });
    await openEdit();
    await userEvent.upload(photoInput(), image('new.jpg', 'image/jpeg'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Family' }));
    expect(await screen.findByText('Uploading new photo...')).toBeTruthy();
    await eventually(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(calls('POST /api/photos/uploads')).toEqual([{ contentType: 'image/jpeg', size: 3, familyId: 'fam-1' }]);
    // The server's check of the photo, then the save, held open.
    fake.fetchMock
      .mockImplementationOnce(() => Promise.resolve(jsonResponse(200, ready)))
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    act(() => FakeXhr.sent[0]!.respond(204));
    expect(await screen.findByText('New photo uploaded. Updating family...')).toBeTruthy();
    const body = JSON.parse(String(fake.fetchMock.mock.calls.at(-1)![1].body));
    expect(body).toMatchObject({ photo: upload.photo, version: 3 });
    expect(requestKeys('POST /api/photos/uploads')).toEqual([undefined]);
    await act(async () => answer(jsonResponse(200, { success: true, message: 'ok', id: 'fam-1', version: 4 })));
    expect(await screen.findByText('Family updated successfully!')).toBeTruthy();
  });

  it("reports a failed replacement upload as 'New photo upload error: {msg}'", async () => {
    api({ 'POST /api/photos/uploads': () => jsonResponse(200, upload) });
    await openEdit();
    await userEvent.upload(photoInput(), image());
    await userEvent.click(screen.getByRole('button', { name: 'Update Family' }));
    await eventually(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.onerror?.());
    expect(await alertText()).toBe(
      'New photo upload error: The photo could not be sent. Please check your connection and try again.',
    );
    expect(calls('PUT /api/families/fam-1')).toEqual([]);
  });

  it("shows the server's conflict message and keeps everything typed", async () => {
    const conflict =
      'Someone else changed this family after you opened it. Reload the page to see their changes, then make yours again.';
    api({ 'PUT /api/families/fam-1': () => jsonResponse(409, { error: { code: 'aborted', message: conflict } }) });
    await openEdit();
    await type('Family Surname', 'Smythe');
    await type('Street Address', '2 Oak Ave');
    await userEvent.click(screen.getByRole('button', { name: 'Update Family' }));
    expect(await alertText()).toBe(conflict);
    expect(field('Family Surname').value).toBe('Smythe');
    expect(field('Street Address').value).toBe('2 Oak Ave');
    expect(field('Family Surname').disabled).toBe(false);
    expect(currentPath()).toBe('/families/edit/fam-1');
  });

  it('shows a generic server error for an answer without a message', async () => {
    api({ 'PUT /api/families/fam-1': () => new Response('', { status: 502 }) });
    await openEdit();
    await userEvent.click(screen.getByRole('button', { name: 'Update Family' }));
    expect(await alertText()).toContain('HTTP 502');
  });

  it("shows 'Family not found.' with a Back to Families button", async () => {
    api({
      'GET /api/families/nope': () => jsonResponse(404, { error: { code: 'not-found', message: 'Family not found.' } }),
    });
    renderApp('/families/edit/nope');
    expect(await alertText()).toBe('Family not found.');
    expect(screen.queryByRole('button', { name: 'Update Family' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Families' }));
    await eventually(() => expect(currentPath()).toBe('/families'));
  });

  it('shows the permission error for a 403 and for a family the user may not edit', async () => {
    api({
      'GET /api/families/fam-2': () => jsonResponse(403, { error: { code: 'permission-denied', message: 'No.' } }),
    });
    renderApp('/families/edit/fam-2');
    expect(await alertText()).toBe('Error: You do not have permission to edit this family.');
    expect(screen.getByRole('button', { name: 'Back to Families' })).toBeTruthy();
  });

  it('shows the permission error when canEdit is false', async () => {
    signedInAs({ admin: false });
    api({ 'GET /api/families/fam-1': () => jsonResponse(200, { family: { ...family, canEdit: false } }) });
    renderApp('/families/edit/fam-1');
    expect(await alertText()).toBe('Error: You do not have permission to edit this family.');
    expect(screen.queryByLabelText(/^Family Surname/)).toBeNull();
  });

  it("shows other load failures as 'Error loading family data: {msg}'", async () => {
    api({ 'GET /api/families/fam-1': () => jsonResponse(503, { error: { code: 'unavailable', message: 'Busy.' } }) });
    renderApp('/families/edit/fam-1');
    expect(await alertText()).toBe('Error loading family data: Busy.');
  });

  it('stops before loading when the account has no organisation', async () => {
    signedInAs({ admin: true, orgId: '' });
    renderApp('/families/edit/fam-1');
    expect(await alertText()).toBe('Error: Organization ID not found for your account.');
    expect(fake.fetchMock).not.toHaveBeenCalled();
  });
});

describe('add family without an organisation', () => {
  it("refuses the submit: 'Cannot add family: User Organization ID is missing.'", async () => {
    signedInAs({ admin: true, orgId: '' });
    await openAdd();
    await type('Family Surname', 'Smith');
    await userEvent.click(screen.getByRole('button', { name: 'Add Family' }));
    expect(await alertText()).toBe('Cannot add family: User Organization ID is missing.');
    expect(fake.fetchMock).not.toHaveBeenCalled();
  });
});

/**
 * The member map: which markers a view shows (clusters.ts), and the page around the map: its list,
 * its group filter in the address, its empty and failed states, the addresses administrators
 * correct. jsdom cannot draw (no WebGL), so the page here is the one such a browser gets: the
 * list, and the words that say the map cannot be drawn.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_MESSAGES, type MapFamily, type MapResult } from '../../lambdas/contract/map';
import { boundsOf, indexFamilies, markerHolding, MAX_ZOOM, type Bounds } from '../../web/src/features/map/clusters';
import { currentSearch, jsonResponse, meAnswer, renderApp, signedInAs, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));
// What MapLibre does in a browser without WebGL 2.
vi.mock('../../web/src/features/map/mapEngine', () => ({
  drawMap: () => {
    throw new Error('Failed to initialize WebGL');
  },
}));

const family = (familyId: string, surname: string, position: [number, number], approximate = false): MapFamily => ({
  familyId,
  surname,
  position,
  approximate,
  address: approximate ? 'Raleigh, NC' : `1 ${surname} Street, Raleigh, NC 27607`,
});
// Two on one street in Raleigh, one a few streets away, one across town, one in Durham.
const adams = family('f-adams', 'Adams', [-78.64, 35.78]);
const baker = family('f-baker', 'Baker', [-78.6401, 35.7801]);
const cole = family('f-cole', 'Cole', [-78.645, 35.785], true);
const diaz = family('f-diaz', 'Diaz', [-78.7, 35.8]);
const evans = family('f-evans', 'Evans', [-78.9, 36.0]);
const FAMILIES = [adams, baker, cole, diaz, evans];
const WORLD: Bounds = [-180, -85, 180, 85];

describe('the markers a view shows', () => {
  it('draws every family as one cluster from far away, which zooms in when pressed', () => {
    const index = indexFamilies(FAMILIES);
    const [cluster, ...rest] = index.markers(WORLD, 3);
    expect(rest).toEqual([]);
    expect(cluster).toMatchObject({ kind: 'cluster', count: 5, label: '5 families, zoom in' });
    expect(cluster?.kind === 'cluster' && cluster.opensAt).toBeGreaterThan(3);
  });

  it('draws each family as its pin up close, named as every page names it', () => {
    const index = indexFamilies([adams, cole, evans]);
    const pins = index.markers(WORLD, MAX_ZOOM);
    expect(pins.map((m) => [m.kind, m.label])).toEqual(
      expect.arrayContaining([
        ['family', 'Adams Family'],
        ['family', 'Cole Family, approximate location'],
        ['family', 'Evans Family'],
      ]),
    );
    expect(pins).toHaveLength(3);
  });

  it('lists the families of a cluster that never comes apart (one address, one approximate square)', () => {
    const sameHouse = family('f-abbot', 'Abbot', adams.position);
    const index = indexFamilies([adams, sameHouse]);
    const [cluster] = index.markers(WORLD, MAX_ZOOM);
    expect(cluster).toMatchObject({ kind: 'cluster', count: 2, opensAt: null, label: '2 families, show them' });
    const held = index.familiesOf(cluster?.kind === 'cluster' ? cluster.clusterId : -1);
    // In the answer's (surname) order, whatever order the index keeps them in.
    expect(held.map((f) => f.surname)).toEqual(['Adams', 'Abbot']);
  });

  it('finds the marker that shows a family: its pin, or the cluster it is in', () => {
    const index = indexFamilies(FAMILIES);
    const far = index.markers(WORLD, 3);
    expect(markerHolding(index, far, 'f-evans')?.kind).toBe('cluster');
    const near = index.markers(WORLD, MAX_ZOOM);
    expect(markerHolding(index, near, 'f-evans')).toMatchObject({ kind: 'family', key: 'f:f-evans' });
  });

  it('fits the map to the box around the families', () => {
    expect(boundsOf(FAMILIES)).toEqual([
      [-78.9, 35.78],
      [-78.64, 36.0],
    ]);
  });
});

const answer = (over: Partial<MapResult> = {}): MapResult => ({
  families: FAMILIES,
  groups: [
    { groupId: 'g-choir', groupName: 'Choir', mine: true },
    { groupId: 'g-ushers', groupName: 'Ushers', mine: false },
  ],
  missed: null,
  ...over,
});

let asked: string[];
function api(answers: Record<string, MapResult>) {
  asked = [];
  stubFetch((url) => {
    if (url === '/api/me') return jsonResponse(200, meAnswer({ listed: true }));
    asked.push(url);
    const found = answers[url];
    return found ? jsonResponse(200, found) : jsonResponse(500, { error: { code: 'internal', message: 'Boom.' } });
  });
}

describe('the map page', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the families with their addresses, and says when the browser cannot draw the map', async () => {
    signedInAs({});
    api({ '/api/map': answer() });
    renderApp('/map');
    const list = await screen.findByRole('region', { name: 'Families on the map (5)' });
    const cole = within(list).getByRole('link', { name: 'Cole Family' });
    expect(cole.getAttribute('href')).toBe('/families/f-cole');
    expect(cole.closest('li')!.textContent).toContain(`Raleigh, NC${MAP_MESSAGES.approximate}`);
    expect(within(list).getByRole('link', { name: 'Adams Family' }).closest('li')!.textContent).toContain(
      '1 Adams Street, Raleigh, NC 27607',
    );
    await screen.findByText(MAP_MESSAGES.noMap);
    expect(screen.queryByRole('heading', { name: MAP_MESSAGES.missedTitle })).toBeNull();
  });

  it('shows one group’s families, the person’s groups first, and keeps the choice in the address', async () => {
    signedInAs({});
    api({ '/api/map': answer(), '/api/map?group=g-choir': answer({ families: [evans] }) });
    renderApp('/map');
    const show = await screen.findByRole('combobox', { name: 'Show' });
    expect(within(show).getByRole('group', { name: 'My groups' }).textContent).toBe('Choir');
    expect([...(show as HTMLSelectElement).options].map((o) => o.text)).toEqual(['All families', 'Choir', 'Ushers']);
    fireEvent.change(show, { target: { value: 'g-choir' } });
    await screen.findByRole('region', { name: 'Families on the map (1)' });
    expect(asked).toEqual(['/api/map', '/api/map?group=g-choir']);
    expect(currentSearch()).toBe('?group=g-choir');
    expect((show as HTMLSelectElement).value).toBe('g-choir');
  });

  it('says when a group has no family on the map', async () => {
    signedInAs({});
    api({ '/api/map?group=g-ushers': answer({ families: [] }) });
    renderApp('/map?group=g-ushers');
    await screen.findByText(MAP_MESSAGES.emptyGroup);
    expect((screen.getByRole('combobox', { name: 'Show' }) as HTMLSelectElement).value).toBe('g-ushers');
    expect(screen.queryByRole('region', { name: /Families on the map/ })).toBeNull();
  });

  it('shows administrators the addresses that could not be placed, each to its family’s form', async () => {
    signedInAs({ admin: true });
    api({
      '/api/map': answer({
        families: [],
        missed: [
          { familyId: 'f-ford', surname: 'Ford', address: '9 Nowhere Lane, Raleigh, NC', reason: 'notFound' },
          { familyId: 'f-gray', surname: 'Gray', address: '2 Elm Street, Cary, NC 27511', reason: 'failed' },
        ],
      }),
    });
    renderApp('/map');
    await screen.findByText(MAP_MESSAGES.empty);
    const missed = screen.getByRole('region', { name: MAP_MESSAGES.missedTitle });
    within(missed).getByText(MAP_MESSAGES.missedIntro);
    const ford = within(missed).getByRole('link', { name: 'Ford Family' });
    expect(ford.getAttribute('href')).toBe('/families/edit/f-ford');
    expect(ford.closest('li')!.textContent).not.toContain(MAP_MESSAGES.failedNote);
    expect(within(missed).getByRole('link', { name: 'Gray Family' }).closest('li')!.textContent).toContain(
      MAP_MESSAGES.failedNote,
    );
  });

  it('says when the map cannot be loaded', async () => {
    signedInAs({});
    api({});
    renderApp('/map');
    await screen.findByText('Boom.');
    await waitFor(() => expect(screen.queryByText('Loading the map...')).toBeNull());
  });
});

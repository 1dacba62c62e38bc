/**
 * The church's directory as a CSV file (issue 31, part 4) through the API and the local Step
 * Functions: every family, member, group and privacy choice in the columns the import reads,
 * formulas escaped, UTF-8 with a byte-order mark; the export recorded (who, when, how many rows);
 * the download short-lived; another church's export holds nothing of this one.
 */
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../lambdas/contract/transfer';
import type { ListExportsResult } from '../../lambdas/contract/exports';
import { call } from '../support/api';
import { addMemberGroupsAndChoices, exportChurch } from '../support/exports';
import { addFamilyVia, createChurch, type Church } from '../support/fixtures';

const rowsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('the church export', () => {
  let church: Church;
  let other: Church;
  let family: Awaited<ReturnType<typeof addFamilyVia>>;
  let xiuyingId: string;

  beforeAll(async () => {
    [church, other] = await Promise.all([createChurch(), createChurch()]);
    family = await addFamilyVia(church.adminToken, {
      surname: 'Ødegård',
      street: '=HYPERLINK("http://evil.example","x")',
      phone: '+1 919-555-0100',
    });
    const second = await addMemberGroupsAndChoices(church.adminToken, family.familyId, {
      email: 'xiuying@example.org',
      cellphone: '@919-555-0111',
      groupName: 'Choir, Evening',
    });
    xiuyingId = second.memberId;
    await addFamilyVia(other.adminToken, { surname: 'Elsewhere' });
  });

  it('writes every family, member, group and privacy choice, escaped, in the import columns', async () => {
    const { export: done, csv } = await exportChurch(church.adminToken);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('\r\n');
    const [header, ...rows] = rowsOf(csv);
    expect(header).toEqual(HEADERS);
    const at = (row: string[], column: string) => row[HEADERS.indexOf(column)];
    expect(rows).toHaveLength(3);
    // A family's members come in key order, that is by their random ids: each row found by its member.
    const memberRow = (memberId: string) => rows.find((row) => at(row, 'Member ID') === memberId)!;
    const [lydia, xiuying] = [memberRow(family.memberId), memberRow(xiuyingId)];
    const greeters = rows[2]!;
    expect(at(lydia, 'Family Surname')).toBe('Ødegård');
    expect(at(lydia, 'Family ID')).toBe(family.familyId);
    expect(rows.slice(0, 2)).toEqual(expect.arrayContaining([lydia, xiuying]));
    expect(at(lydia, 'Street Address')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(at(lydia, 'Home Phone')).toBe("'+1 919-555-0100");
    expect(at(lydia, 'In Directory')).toBe('No');
    expect(at(lydia, 'Map Location')).toBe('Approximate');
    expect(at(lydia, 'Home Phone Privacy')).toBe('Admins');
    expect(at(lydia, 'Street Address Privacy')).toBe('');
    expect(at(xiuying, 'First Name')).toBe('王秀英');
    expect(at(xiuying, 'Cellphone')).toBe("'@919-555-0111");
    expect(at(xiuying, 'Email Address Privacy')).toBe('Groups');
    expect(at(xiuying, 'Groups')).toBe('Choir, Evening');
    expect(at(xiuying, 'Group Roles')).toBe('Leader');
    // A group without members is a row of its name alone.
    expect(greeters.filter(Boolean)).toEqual(['Greeters']);
    expect(done.counts).toEqual({ rows: 3, families: 1, members: 2, groups: 2 });
    expect(done.startedBy).toBe(church.adminEmail);
    expect(done.message).toContain('3 rows');
    expect(csv).not.toContain('Elsewhere');
  });

  it('records each export, and offers only the newest file, through a link that dies within minutes', async () => {
    const first = await exportChurch(church.adminToken);
    const second = await exportChurch(church.adminToken);
    const listed = await call<ListExportsResult>('listExports', { token: church.adminToken });
    const [newest, before] = listed.body.exports;
    expect(newest!.jobId).toBe(second.export.jobId);
    expect(before!.jobId).toBe(first.export.jobId);
    expect(before!.url).toBeNull();
    const expires = Number(new URL(newest!.url!).searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(300);
    const others = await call<ListExportsResult>('listExports', { token: other.adminToken });
    expect(others.body.exports.map((e) => e.jobId)).not.toContain(newest!.jobId);
  });

  it("another church's export holds only its own families", async () => {
    const { csv } = await exportChurch(other.adminToken);
    expect(csv).toContain('Elsewhere');
    expect(csv).not.toContain('Ødegård');
  });
});

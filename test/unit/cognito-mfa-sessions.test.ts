/** The local proxy's TOTP challenge Sessions (lib/local/cognito-mfa.ts): Cognito's 3 minutes, once. */
import { describe, expect, it } from 'vitest';
import { CHALLENGE_SESSION_MS, EXPIRED_SESSION, MfaSessions, SPENT_SESSION } from '../../lib/local/cognito-mfa';

const challengeAnswer = {
  status: 200,
  headers: {},
  body: JSON.stringify({
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: 's-1',
    ChallengeParameters: { USER_ID_FOR_SRP: 'sub-1' },
  }),
};
const signIn = { ClientId: 'c', AuthParameters: { USERNAME: 'Ann@Example.org', PASSWORD: 'x' } };
const respond = (USERNAME = 'ann@example.org') => ({
  ClientId: 'c',
  ChallengeName: 'SOFTWARE_TOKEN_MFA',
  Session: 's-1',
  ChallengeResponses: { USERNAME, SOFTWARE_TOKEN_MFA_CODE: '123456' },
});
const messageOf = (answer: { body: string } | null) =>
  answer ? (JSON.parse(answer.body) as { message: string }).message : null;

describe('TOTP challenge Sessions', () => {
  it('take an answer for the user they were issued to, by address or id, within 3 minutes', () => {
    let now = 0;
    const sessions = new MfaSessions(() => now);
    sessions.issued(signIn, challengeAnswer);
    expect(sessions.refusal(respond())).toBeNull();
    expect(sessions.refusal(respond('sub-1'))).toBeNull();
    expect(messageOf(sessions.refusal(respond('bob@example.org')))).toBe(EXPIRED_SESSION);
    now = CHALLENGE_SESSION_MS + 1;
    expect(messageOf(sessions.refusal(respond()))).toBe(EXPIRED_SESSION);
  });

  it('stay usable after a wrong code and are spent by the right one', () => {
    const sessions = new MfaSessions(() => 0);
    sessions.issued(signIn, challengeAnswer);
    sessions.answered(respond(), { status: 400, headers: {}, body: '{"__type":"CodeMismatchException"}' });
    expect(sessions.refusal(respond())).toBeNull();
    sessions.answered(respond(), { status: 200, headers: {}, body: '{}' });
    expect(messageOf(sessions.refusal(respond()))).toBe(SPENT_SESSION);
  });
});

/** An answer of the local Cognito proxy, in the AWS JSON 1.1 protocol Cognito speaks. */
export interface CognitoAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** An error as Cognito sends it: 400, its type in the header and in `__type`. */
export function cognitoError(type: string, message: string | null): CognitoAnswer {
  return {
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: JSON.stringify({ __type: type, message }),
  };
}

/** The error type of an answer, if it is one. */
export const errorTypeOf = (answer: CognitoAnswer): string | undefined =>
  answer.status >= 400 ? answer.headers['x-amzn-errortype']?.split(':')[0] : undefined;

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

/** The error type of an answer, if it is one (cognito-local names it in the body only). */
export function errorTypeOf(answer: CognitoAnswer): string | undefined {
  if (answer.status < 400) return undefined;
  const header = answer.headers['x-amzn-errortype'];
  if (header) return header.split(':')[0];
  try {
    const type = (JSON.parse(answer.body) as { __type?: unknown }).__type;
    return typeof type === 'string' ? type.split('#').pop() : undefined;
  } catch {
    return undefined;
  }
}

import { Text } from '@aws-amplify/ui-react';
import { getConfig } from '../lib/config';

/** Where the mailed code is when the product runs locally (the local mailbox); nothing in AWS. */
export function LocalMailboxNote() {
  const url = safeMailboxUrl();
  if (!url) return null;
  return (
    <Text className="muted" marginBottom="medium">
      Running locally: the mail is in the{' '}
      <a href={url} target="_blank" rel="noreferrer">
        local mailbox
      </a>
      .
    </Text>
  );
}

function safeMailboxUrl(): string | undefined {
  try {
    const url = getConfig().mailboxUrl;
    return url && /^https?:\/\//.test(url) ? url : url?.startsWith('/') ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The church's privacy forms' foot: what the last save said, and the save button. */
import { Button, Flex } from '@aws-amplify/ui-react';
import entryForm from '../../components/EntryForm.module.css';
import { StatusMessage, type Status } from '../../components/StatusMessage';

export function SaveRow({ status, busy, label }: { status: Status | null; busy: boolean; label: string }) {
  return (
    <>
      <div className={entryForm.status}>
        <StatusMessage status={status} />
      </div>
      <Flex className={entryForm.actions} gap="small">
        <Button type="submit" variation="primary" isDisabled={busy} isLoading={busy} loadingText="Saving...">
          {label}
        </Button>
      </Flex>
    </>
  );
}

import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext } from 'react-admin';
import { failureText } from '../../api/failure';
import { useSession } from '../../session/session';
import type { AdminDataProvider } from '../dataProvider';
import { useAdminMutation } from '../common/useAdminMutation';

/**
 * "Reset second factor" on another admin's user page (a lost phone): their authenticator app and recovery codes are
 * removed, their sessions end, and their next sign-in leads them to set one up again. The server writes it to the
 * security log. Not shown for members, nor for one's own account (the profile page changes that).
 */
export function ResetSecondFactorButton() {
  const record = useRecordContext<{ id: number; role: string; name: string }>();
  const { user } = useSession();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const reset = useAdminMutation({
    mutationFn: (id: number) => dataProvider.resetSecondFactor(id),
    onSuccess: () => notify('Second factor reset: they set one up at their next sign-in', { type: 'success' }),
    onError: (failure) => notify(failureText(failure, 'Failed to reset the second factor'), { type: 'error' }),
  });
  if (!record || record.role !== 'admin' || record.id === user?.id) return null;
  return (
    <>
      <Button color="warning" onClick={() => setAsking(true)} disabled={reset.isPending}>
        Reset second factor
      </Button>
      <Confirm
        isOpen={asking}
        title="Reset second factor"
        content={`${record.name} will be signed out everywhere and must set up an authenticator app again at the next sign-in.`}
        confirm="Reset"
        onConfirm={() => {
          setAsking(false);
          reset.mutate(record.id);
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

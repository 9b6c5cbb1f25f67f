import { Alert, Box, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateButton, DeleteWithConfirmButton, EditButton, TopToolbar, useRecordContext } from 'react-admin';
import { loadFailedText } from '../dataProvider';

/** A list that failed to load says so in place (docs/product.md#errors "Failed to load …"). */
export const LoadError = ({ resource }: { resource: string }) => (
  <Alert severity="error" sx={{ m: 2 }}>
    {loadFailedText(resource)}
  </Alert>
);

/** The failure is shown in the list itself; no second copy as a toast. */
export const quietLoad = { onError: () => undefined };

export const AddAction = ({ label, children }: { label: string; children?: ReactNode }) => (
  <TopToolbar>
    {children}
    <CreateButton label={label} variant="contained" />
  </TopToolbar>
);

/** Edit (dialog) and delete (after a confirmation; the server's refusal, e.g. "still in use", is shown). */
export function RowActions({ children, deletable = true }: { children?: ReactNode; deletable?: boolean }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
      {children}
      <EditButton />
      {deletable && <DeleteWithConfirmButton mutationMode="pessimistic" redirect={false} />}
    </Stack>
  );
}

/** The empty page of a list with no records at all; `children` are other ways to add some (an import). */
export const EmptyList = ({ text, addLabel, children }: { text: string; addLabel?: string; children?: ReactNode }) => (
  <Box sx={{ textAlign: 'center', py: 6 }}>
    <Typography sx={{ mb: 2 }}>{text}</Typography>
    <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
      {addLabel && <CreateButton label={addLabel} variant="contained" />}
      {children}
    </Stack>
  </Box>
);

/** Below `sm` lists become `SimpleList`s and dialogs fill the screen (react-admin demo's pattern). */
export const useIsSmall = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  CreateBase,
  EditBase,
  useEditContext,
  Form,
  type Identifier,
  type RaRecord,
  SaveButton,
  type TransformData,
  useNotify,
  useRefresh,
  type ValidateForm,
} from 'react-admin';

interface DialogFormProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  transform?: TransformData;
  validate?: ValidateForm;
  /** The screen's text when a submit misses one of these fields (SPEC §5, e.g. the game's required fields). */
  invalidMessage?: { fields: string[]; text: string };
  /** Fields without which Save stays disabled (SPEC §5: a team needs its conference first). */
  saveDisabled?: (values: Record<string, unknown>) => boolean;
  saveLabel?: string;
}

/** The form's own alert: the server's message (root.serverError), or the screen's text for an invalid submit. */
function FormAlert({ invalidMessage }: { invalidMessage?: DialogFormProps['invalidMessage'] }) {
  const { errors, submitCount } = useFormState();
  const serverError = errors.root?.serverError?.message;
  if (typeof serverError === 'string') return <Alert severity="error">{serverError}</Alert>;
  if (invalidMessage && submitCount > 0 && invalidMessage.fields.some((field) => errors[field])) {
    return <Alert severity="error">{invalidMessage.text}</Alert>;
  }
  return null;
}

function DialogSave({ label, saveDisabled }: { label: string; saveDisabled?: DialogFormProps['saveDisabled'] }) {
  const values = useWatch() as Record<string, unknown>;
  const { clearErrors } = useFormContext();
  return (
    <SaveButton
      label={label}
      // Errors the server set last time go before a new attempt, so a stale one can never block saving.
      onClick={() => clearErrors()}
      disabled={saveDisabled ? saveDisabled(values) : undefined}
    />
  );
}

/** The form sits between the dialog's paper and its content: it passes the paper's flex layout on, so a long form scrolls and Save stays in view. */
const formInPaper = { '& .MuiDialog-paper > form': { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } } as const;

function DialogForm({ title, onClose, children, validate, invalidMessage, saveDisabled, saveLabel = 'Save', defaultValues }: DialogFormProps & { defaultValues?: object }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} sx={formInPaper}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Form defaultValues={defaultValues} validate={validate} disableInvalidFormNotification>
        <DialogContent dividers>
          <Stack spacing={0.5}>
            <FormAlert invalidMessage={invalidMessage} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <DialogSave label={saveLabel} saveDisabled={saveDisabled} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** An add dialog over a list: saves, says so, closes and refreshes the list. */
export function CreateDialog({ resource, defaultValues, successMessage, ...props }: DialogFormProps & { resource: string; defaultValues?: object; successMessage?: string }) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <CreateBase
      resource={resource}
      redirect={false}
      transform={props.transform}
      mutationOptions={{
        onSuccess: () => {
          notify(successMessage ?? `${props.title.replace(/^(Add|Create) /, '')} added`, { type: 'success' });
          props.onClose();
          refresh();
        },
      }}
    >
      <DialogForm {...props} defaultValues={defaultValues} />
    </CreateBase>
  );
}

/** The edit form once its record is there, so the inputs start from the stored values. */
function LoadedForm(props: DialogFormProps) {
  const { record } = useEditContext();
  if (!record) {
    return (
      <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-label={props.title}>
        <DialogContent>
          <LinearProgress aria-label="Loading" />
        </DialogContent>
      </Dialog>
    );
  }
  return <DialogForm {...props} />;
}

/** An edit dialog over a list: loads the record, saves pessimistically (so server errors land on the fields). */
export function EditDialog({ resource, id, successMessage, ...props }: DialogFormProps & { resource: string; id: Identifier; successMessage?: string }) {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <EditBase<RaRecord>
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      transform={props.transform}
      mutationOptions={{
        onSuccess: () => {
          notify(successMessage ?? `${props.title.replace(/^Edit /, '')} updated`, { type: 'success' });
          props.onClose();
          refresh();
        },
      }}
    >
      <LoadedForm {...props} />
    </EditBase>
  );
}

import { useIsSmall } from './listParts';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack } from '@mui/material';
import { type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  Confirm,
  CreateBase,
  DeleteWithConfirmButton,
  EditBase,
  useEditContext,
  Form,
  type Identifier,
  type RaRecord,
  SaveButton,
  type TransformData,
  useNotify,
  useRecordContext,
  useRefresh,
  type ValidateForm,
} from 'react-admin';

interface DialogFormProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  transform?: TransformData;
  validate?: ValidateForm;
  /** The screen's text when a submit misses one of these fields (docs/product.md#validation, e.g. the game's required fields). */
  invalidMessage?: { fields: string[]; text: string };
  /** Fields without which Save stays disabled (docs/product.md#validation: a team needs its conference first). */
  saveDisabled?: (values: Record<string, unknown>) => boolean;
  saveLabel?: string;
  /** A question to confirm before saving these values (e.g. a game whose pick deadline has passed), or null. */
  confirmSave?: (values: Record<string, unknown>, stored?: RaRecord) => string | null;
}

/** "Save and add another" (add dialogs): the values a next record keeps from the one just saved. */
type KeepForNext = (values: Record<string, unknown>) => Record<string, unknown>;

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

/**
 * A save button that asks first when `confirmSave` has a question for the values: the click is held back, and
 * confirming clicks it again (so react-admin's own submit, validation and server errors apply unchanged).
 */
function ConfirmingSave({
  label,
  saveDisabled,
  confirmSave,
  type = 'submit',
  variant = 'contained',
  mutationOptions,
  onBeforeSave,
}: {
  label: string;
  saveDisabled?: DialogFormProps['saveDisabled'];
  confirmSave?: DialogFormProps['confirmSave'];
  type?: 'submit' | 'button';
  variant?: 'contained' | 'outlined';
  mutationOptions?: { onSuccess: (...args: never[]) => void };
  onBeforeSave?: () => void;
}) {
  const values = useWatch() as Record<string, unknown>;
  const { clearErrors, getValues } = useFormContext();
  // The edit dialog's stored record (a create has none).
  const stored = useRecordContext();
  const button = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const [question, setQuestion] = useState<string | null>(null);
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Errors the server set last time go before a new attempt, so a stale one can never block saving.
    clearErrors();
    const ask = confirmed.current ? null : (confirmSave?.(getValues() as Record<string, unknown>, stored) ?? null);
    confirmed.current = false;
    if (ask) {
      event.preventDefault();
      setQuestion(ask);
      return;
    }
    onBeforeSave?.();
  };
  return (
    <>
      <SaveButton
        ref={button}
        label={label}
        type={type}
        variant={variant}
        onClick={onClick}
        mutationOptions={mutationOptions as never}
        disabled={saveDisabled ? saveDisabled(values) : undefined}
      />
      <Confirm
        isOpen={question !== null}
        title="Save anyway?"
        content={question ?? ''}
        confirm="Save anyway"
        onConfirm={() => {
          setQuestion(null);
          confirmed.current = true;
          button.current?.click();
        }}
        onClose={() => setQuestion(null)}
      />
    </>
  );
}

/** The add dialog's second save: saves, says so, and starts a fresh form that keeps what `keep` returns. */
function SaveAndAddAnother({ keep, defaultValues, confirmSave, successMessage }: { keep: KeepForNext; defaultValues?: object; confirmSave?: DialogFormProps['confirmSave']; successMessage: string }) {
  const { reset, getValues, setFocus } = useFormContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const kept = useRef<Record<string, unknown>>({});
  return (
    <ConfirmingSave
      label="Save and add another"
      type="button"
      variant="outlined"
      confirmSave={confirmSave}
      onBeforeSave={() => {
        kept.current = keep(getValues() as Record<string, unknown>);
      }}
      mutationOptions={{
        onSuccess: () => {
          notify(successMessage, { type: 'success' });
          refresh();
          reset({ ...(defaultValues ?? {}), ...kept.current });
          // The next record starts where the admin types first.
          setTimeout(() => {
            try {
              setFocus(Object.keys(getValues()).find((name) => !(name in kept.current)) ?? '');
            } catch {
              // a field without a focusable input
            }
          });
        },
      }}
    />
  );
}

/** The form sits between the dialog's paper and its content: it passes the paper's flex layout on, so a long form scrolls and Save stays in view. */
const formInPaper = { '& .MuiDialog-paper > form': { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } } as const;

interface DialogExtras {
  defaultValues?: object;
  /** Extra buttons of the dialog (delete in an edit dialog, "Save and add another" in an add dialog). */
  start?: ReactNode;
  end?: ReactNode;
}

function DialogForm({ title, onClose, children, validate, invalidMessage, saveDisabled, saveLabel = 'Save', defaultValues, confirmSave, start, end }: DialogFormProps & DialogExtras) {
  const titleId = useId();
  const small = useIsSmall();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={small} aria-labelledby={titleId} sx={formInPaper}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Form defaultValues={defaultValues} validate={validate} disableInvalidFormNotification>
        <DialogContent dividers>
          <Stack spacing={0.5}>
            <FormAlert invalidMessage={invalidMessage} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          {start}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose}>Cancel</Button>
          {end}
          <ConfirmingSave label={saveLabel} saveDisabled={saveDisabled} confirmSave={confirmSave} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** An add dialog over a list: saves, says so, closes and refreshes the list. */
export function CreateDialog({
  resource,
  defaultValues,
  successMessage,
  keepForNext,
  ...props
}: DialogFormProps & { resource: string; defaultValues?: object; successMessage?: string; keepForNext?: KeepForNext }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const added = successMessage ?? `${props.title.replace(/^(Add|Create) /, '')} added`;
  return (
    <CreateBase
      resource={resource}
      redirect={false}
      transform={props.transform}
      mutationOptions={{
        onSuccess: () => {
          notify(added, { type: 'success' });
          props.onClose();
          refresh();
        },
      }}
    >
      <DialogForm
        {...props}
        defaultValues={defaultValues}
        end={keepForNext && <SaveAndAddAnother keep={keepForNext} defaultValues={defaultValues} confirmSave={props.confirmSave} successMessage={added} />}
      />
    </CreateBase>
  );
}

/** The edit form once its record is there, so the inputs start from the stored values. */
function LoadedForm({ deletable, actions, ...props }: DialogFormProps & { deletable: boolean; actions?: ReactNode }) {
  const { record } = useEditContext();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) {
    return (
      <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-label={props.title}>
        <DialogContent>
          <LinearProgress aria-label="Loading" />
        </DialogContent>
      </Dialog>
    );
  }
  // Delete sits in the dialog too: on a phone the list has no action column, a tap on a row opens this dialog.
  const remove = deletable ? (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify('Element deleted', { type: 'info' });
          props.onClose();
          refresh();
        },
      }}
    />
  ) : undefined;
  return (
    <DialogForm
      {...props}
      start={
        <>
          {remove}
          {actions}
        </>
      }
    />
  );
}

/** An edit dialog over a list: loads the record, saves pessimistically (so server errors land on the fields). */
export function EditDialog({
  resource,
  id,
  successMessage,
  deletable = true,
  actions,
  ...props
}: DialogFormProps & { resource: string; id: Identifier; successMessage?: string; deletable?: boolean; actions?: ReactNode }) {
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
      <LoadedForm {...props} deletable={deletable} actions={actions} />
    </EditBase>
  );
}

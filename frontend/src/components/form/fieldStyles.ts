import type { SxProps, Theme } from '@mui/material';

/**
 * The look of the member screens' inputs: native elements styled like MUI's outlined fields. Native inputs keep
 * the phone's own keyboards and pickers, and leave MUI's input machinery (InputBase, Select, Menu) out of the
 * member bundle.
 */
export const fieldSx = (error?: boolean): SxProps<Theme> => (theme) => ({
  font: 'inherit',
  fontSize: '1rem',
  width: '100%',
  boxSizing: 'border-box',
  minHeight: 44,
  px: 1.5,
  py: 1,
  m: 0,
  borderRadius: 1,
  border: '1px solid',
  borderColor: error ? theme.palette.error.main : theme.palette.mode === 'dark' ? 'rgba(255, 255, 255, 0.35)' : 'rgba(0, 0, 0, 0.35)',
  bgcolor: 'background.paper',
  color: 'text.primary',
  colorScheme: theme.palette.mode,
  '&:hover:not(:disabled)': { borderColor: error ? theme.palette.error.main : theme.palette.text.primary },
  '&:focus': { outline: `2px solid ${error ? theme.palette.error.main : theme.palette.primary.main}`, outlineOffset: -1 },
  // A locked field (the invited e-mail) reads as fixed, not as disabled.
  '&[readonly]': { bgcolor: 'action.hover', cursor: 'default' },
  '&:disabled': { color: 'text.disabled', borderColor: 'action.disabled', cursor: 'not-allowed' },
});

export const labelSx = (error?: boolean): SxProps<Theme> => ({
  display: 'block',
  mb: 0.5,
  typography: 'body2',
  fontWeight: 600,
  color: error ? 'error.main' : 'text.secondary',
});

export const helperSx = (error?: boolean): SxProps<Theme> => ({
  m: 0,
  mt: 0.5,
  typography: 'caption',
  color: error ? 'error.main' : 'text.secondary',
});

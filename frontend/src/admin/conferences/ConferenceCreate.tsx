import { CreateDialog } from '../common/FormDialog';
import { conferenceBody, ConferenceInputs } from './ConferenceInputs';

export const ConferenceCreate = ({ onClose }: { onClose: () => void }) => (
  <CreateDialog resource="conferences" title="Add Conference" onClose={onClose} transform={conferenceBody}>
    <ConferenceInputs />
  </CreateDialog>
);

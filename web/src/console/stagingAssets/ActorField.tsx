import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** A record of who did something in the library: a log row, an import. */
interface Acted {
  actorUserId: string;
  impersonatorId: string | null;
}

/** The user who did it; the administrator impersonating them under it, when one was. */
export function ActorField() {
  const record = useRecordContext<Acted & { id: string | number }>();
  if (!record) return null;
  return (
    <>
      <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        User {record.actorUserId}
      </Typography>
      {record.impersonatorId && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          impersonated by administrator {record.impersonatorId}
        </Typography>
      )}
    </>
  );
}

import { ListItemText, MenuItem } from '@mui/material';
import { AppBar, Layout, LoadingIndicator, UserMenu, type LayoutProps } from 'react-admin';
import { signOut } from '../auth/api';
import { SIGN_IN_PATH } from '../auth/paths';
import { useSessionChange } from '../auth/useSessionChange';
import { ImpersonationPicker } from './impersonationPicker/ImpersonationPicker';

async function signOutToSignInPage(): Promise<string> {
  await signOut();
  return SIGN_IN_PATH;
}

/** Ends the session (DELETE /users/sign_out), then loads the sign-in page, as the provider pages' menu does. */
function SignOutItem() {
  const { run, isPending, error } = useSessionChange(signOutToSignInPage);
  return (
    <MenuItem disabled={isPending} onClick={() => run()}>
      <ListItemText
        primary="Sign out"
        secondary={error ? 'Signing out failed. Check your connection and try again.' : undefined}
      />
    </MenuItem>
  );
}

const ConsoleUserMenu = () => (
  <UserMenu>
    <SignOutItem />
  </UserMenu>
);

/** The app bar: the impersonation picker (administrators), the loading indicator, the user menu. */
const ConsoleAppBar = () => (
  <AppBar
    userMenu={<ConsoleUserMenu />}
    toolbar={
      <>
        <ImpersonationPicker />
        <LoadingIndicator />
      </>
    }
  />
);

export const ConsoleLayout = (props: LayoutProps) => <Layout {...props} appBar={ConsoleAppBar} />;

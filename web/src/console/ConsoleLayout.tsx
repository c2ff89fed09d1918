import { AppBar, Layout, type LayoutProps } from 'react-admin';

// Signing out happens outside the console, so the app bar has no user menu to offer it.
const ConsoleAppBar = () => <AppBar userMenu={false} />;

export const ConsoleLayout = (props: LayoutProps) => <Layout {...props} appBar={ConsoleAppBar} />;
